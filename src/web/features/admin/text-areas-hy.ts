/**
 * Where each site text shows, as the Texts page names it (`shared/domain/site-text-areas`, sent
 * in English by the server): in Armenian for an Armenian page (decision 190), by the English
 * words. An area not listed shows as it came.
 */
export const textAreasHy: Readonly<Record<string, string>> = {
  "An attendee's booking (the link in their e-mail)": 'Մասնակցի ամրագրումը (հղումը նրա նամակում)',
  "An event's own page and booking": 'Միջոցառման էջը և ամրագրումը',
  "Monthly giving: the donate page, My Profile and the receipt's link":
    'Ամսական նվիրատվություն․ նվիրատվության էջը, «Իմ էջը» և անդորրագրի հղումը',
  "The admin's profile page": 'Ադմինիստրատորի անձնական էջը',
  'An article or page': 'Հոդված կամ էջ',
  'Article editor': 'Հոդվածների խմբագրիչ',
  'Articles, events and the committee in Armenian: the note on an untranslated one, the editors’ Armenian fields':
    'Հոդվածներ, միջոցառումներ և վարչություն հայերենով․ չթարգմանվածի նշումը, խմբագիրների հայերեն դաշտերը',
  'Automatic renewal: joining, renewing, My Profile and the payment confirmation page':
    'Ավտոմատ երկարաձգում․ անդամագրում, երկարաձգում, «Իմ էջը» և վճարման հաստատման էջը',
  'Back office': 'Կառավարման բաժին',
  'Back office: Gift Aid': 'Կառավարման բաժին․ Gift Aid',
  'Buttons across the site (Edit, Save, Cancel…)': 'Կայքի կոճակներ (Խմբագրել, Պահպանել, Չեղարկել…)',
  'Card payment form': 'Քարտով վճարման ձև',
  'Card payment form: billing address': 'Քարտով վճարման ձև․ վճարողի հասցեն',
  'Choosing a new password (from the e-mailed link)': 'Նոր գաղտնաբառի ընտրություն (նամակով ուղարկված հղումից)',
  'Choosing a password from an invitation (imported members)': 'Գաղտնաբառի ընտրություն հրավերով (ներմուծված անդամներ)',
  'Donate pages': 'Նվիրատվության էջեր',
  'E-mail choices (the link at the foot of every newsletter)': 'Էլ. փոստի ընտրություններ (հղումը յուրաքանչյուր տեղեկագրի ներքևում)',
  'E-mail the site sends (every mail, in its reader’s language)': 'Կայքի ուղարկած նամակներ (յուրաքանչյուրը՝ ստացողի լեզվով)',
  'PDF receipts and CPD certificates, in their owner’s language': 'PDF անդորրագրեր և CPD վկայականներ՝ դրանց տիրոջ լեզվով',
  'Editing texts (admin only)': 'Տեքստերի խմբագրում (միայն ադմինիստրատորի համար)',
  'Error messages': 'Սխալի հաղորդագրություններ',
  'Events page': 'Միջոցառումների էջ',
  'Every page: the first link for keyboard users': 'Բոլոր էջերը․ առաջին հղումը ստեղնաշարից օգտվողների համար',
  'Every page: while it loads (read out by screen readers)': 'Բոլոր էջերը․ բեռնվելու ընթացքում (կարդում են էկրանի ընթերցիչները)',
  'Footer of every page': 'Բոլոր էջերի էջատակը',
  'Forgotten password page': 'Մոռացված գաղտնաբառի էջ',
  'Forms: sent before the page had finished loading, and the list of what a form still needs':
    'Ձևեր․ ուղարկված էջի բեռնումն ավարտվելուց առաջ, և ձևին դեռ անհրաժեշտ տվյալների ցանկը',
  'Header and menu': 'Վերնագիր և ընտրացանկ',
  'Home page': 'Գլխավոր էջ',
  'Home page: contact': 'Գլխավոր էջ․ կապ',
  'Home page: the committee': 'Գլխավոր էջ․ վարչությունը',
  'Home page: the founding year': 'Գլխավոր էջ․ հիմնադրման տարին',
  'Join and donate forms: the privacy notice and the news consent':
    'Անդամագրման և նվիրատվության ձևեր․ գաղտնիության ծանուցումը և նորությունների համաձայնությունը',
  'Joining, renewing and My Profile: the membership tiers': 'Անդամագրում, երկարաձգում և «Իմ էջը»․ անդամակցության տեսակները',
  'Joining: registration pages': 'Անդամագրում․ գրանցման էջեր',
  'News page': 'Նորությունների էջ',
  'Newsletters: the archive of those sent': 'Տեղեկագրեր․ ուղարկվածների արխիվը',
  'Not used by the site any more: remove it': 'Կայքն այլևս չի օգտագործում․ հեռացրեք այն',
  'Page not found': 'Էջը չի գտնվել',
  'Payment step of joining and renewing': 'Անդամագրման և երկարաձգման վճարման քայլը',
  'Profile page': 'Անձնական էջ',
  'Renewal pages': 'Երկարաձգման էջեր',
  'Settings (identity, contact, pages, footer)': 'Կարգավորումներ (միությունը, կապ, էջեր, էջատակ)',
  'Sign-in and security (passkeys, authenticator app, sessions)': 'Մուտք և անվտանգություն (passkey-ներ, նույնականացման հավելված, սեսիաներ)',
  'Sign-in page': 'Մուտքի էջ',
  'Sign-in page: wrong e-mail or password': 'Մուտքի էջ․ սխալ էլ. փոստ կամ գաղտնաբառ',
  'The page an e-mail change link opens': 'Էլ. փոստի փոփոխության հղումով բացվող էջը',
};
