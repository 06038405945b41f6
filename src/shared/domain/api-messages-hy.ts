import { MONTHS, WEEKDAYS } from './en-gb';
import * as hy from './hy';
import { armenianMessage } from './messages-hy';

/**
 * The API's refusals (`{ "detail": ... }`) as an Armenian page shows them (decision 195): the
 * server writes them in English beside its rules, and its error handler answers a request that
 * asks for Armenian (`Accept-Language: hy`, which the site's pages send) with the Armenian here.
 * The forms' own messages (messages-hy.ts) are included. A message with no Armenian value goes
 * out as written. A test reads every refusal the server's code can send and finds each here,
 * except the back office's (listed there).
 */
const FIXED: Readonly<Record<string, string>> = {
  // Signing in, sessions and the second factor
  'Please sign in': 'Խնդրում ենք մուտք գործել',
  'Your session has expired. Please sign in again.': 'Ձեր նիստի ժամկետն անցել է։ Խնդրում ենք կրկին մուտք գործել։',
  'You do not have permission to do this': 'Դուք այս գործողության թույլտվություն չունեք',
  'Email or password not recognized': 'Էլ. փոստի հասցեն կամ գաղտնաբառը չի ճանաչվել',
  'Enter the code from your authenticator app or a recovery code, or use your passkey':
    'Մուտքագրեք ձեր նույնականացման հավելվածի կոդը կամ վերականգնման կոդ, կամ օգտագործեք ձեր գաղտնաբանալին',
  'That code is not right, or it has been used already': 'Այդ կոդը ճիշտ չէ, կամ արդեն օգտագործվել է',
  'That passkey could not be used to sign in': 'Այդ գաղտնաբանալիով հնարավոր չեղավ մուտք գործել',
  'This passkey belongs to another account': 'Այս գաղտնաբանալին պատկանում է այլ հաշվի',
  'This passkey is already registered': 'Այս գաղտնաբանալին արդեն գրանցված է',
  'No such passkey on this account': 'Այս հաշվում նման գաղտնաբանալի չկա',
  'The passkey could not be added: try again, and finish within five minutes':
    'Գաղտնաբանալին հնարավոր չեղավ ավելացնել․ փորձեք կրկին և ավարտեք հինգ րոպեի ընթացքում',
  'Passkeys need the site to be served under a domain name (PUBLIC_URL), not an IP address':
    'Գաղտնաբանալիների համար կայքը պետք է բացվի դոմենային անունով (PUBLIC_URL), ոչ թե IP հասցեով',
  'An authenticator app is already set up: remove it first to set up another':
    'Նույնականացման հավելվածն արդեն կարգավորված է․ նախ հեռացրեք այն՝ մեկ այլը կարգավորելու համար',
  'No authenticator app is set up': 'Նույնականացման հավելված կարգավորված չէ',
  'Start setting up the authenticator app again': 'Սկսեք նույնականացման հավելվածի կարգավորումը նորից',
  'Set up a passkey or an authenticator app first': 'Նախ կարգավորեք գաղտնաբանալի կամ նույնականացման հավելված',
  'Your role needs a second factor: set up a passkey or an authenticator app under My Profile, Sign-in and security, first':
    'Ձեր դերը պահանջում է երկրորդ գործոն․ նախ կարգավորեք գաղտնաբանալի կամ նույնականացման հավելված «Իմ էջը», «Մուտք և անվտանգություն» բաժնում',
  'No such session on this account': 'Այս հաշվում նման նիստ չկա',
  'Account not found': 'Հաշիվը չի գտնվել',
  'Member not found': 'Անդամը չի գտնվել',

  // Joining, e-mail addresses and passwords
  'An account with this e-mail address already exists. Please sign in, or reset your password if you have forgotten it.':
    'Այս էլ. փոստի հասցեով հաշիվ արդեն կա։ Խնդրում ենք մուտք գործել կամ վերականգնել գաղտնաբառը, եթե մոռացել եք այն։',
  'This e-mail address cannot be used. Please choose another.': 'Այս էլ. փոստի հասցեն հնարավոր չէ օգտագործել։ Խնդրում ենք ընտրել մեկ այլը։',
  'This is already your e-mail address': 'Սա արդեն ձեր էլ. փոստի հասցեն է',
  'Your current password is not correct': 'Ձեր ներկայիս գաղտնաբառը ճիշտ չէ',
  'This link has expired or has already been used. Ask for a new one from My Profile.':
    'Այս հղման ժամկետն անցել է, կամ այն արդեն օգտագործվել է։ Խնդրեք նորը «Իմ էջը» բաժնից։',
  'Sorry, that password reset link has expired.': 'Ցավոք, գաղտնաբառի վերականգնման այդ հղման ժամկետն անցել է։',
  'This sign-in has been used or has expired. Please sign in with your e-mail address and password.':
    'Այս մուտքն արդեն օգտագործվել է, կամ դրա ժամկետն անցել է։ Խնդրում ենք մուտք գործել ձեր էլ. փոստի հասցեով և գաղտնաբառով։',
  'Your payment is still being confirmed. Please try again in a few seconds.':
    'Ձեր վճարումը դեռ հաստատվում է։ Խնդրում ենք կրկին փորձել մի քանի վայրկյանից։',
  'This membership is paid by card: please use the card payment form.':
    'Այս անդամակցությունը վճարվում է քարտով․ խնդրում ենք օգտագործել քարտով վճարման ձևը։',
  'The membership changed meanwhile. Please reload the page and decide again.':
    'Անդամակցությունն այդ ընթացքում փոխվել է։ Խնդրում ենք վերաբեռնել էջը և կրկին որոշել։',
  'A free membership can be renewed only in its last 30 days or once it has ended. Please come back nearer the time.':
    'Անվճար անդամակցությունը կարելի է երկարաձգել միայն դրա վերջին 30 օրվա ընթացքում կամ ավարտից հետո։ Խնդրում ենք վերադառնալ ավելի ուշ։',
  'This invitation link has expired, has been used, or a newer one was sent. Ask the association for a new one, or use "Forgot password".':
    'Այս հրավերի հղման ժամկետն անցել է, այն օգտագործվել է, կամ ուղարկվել է ավելի նորը։ Խնդրեք միությունից նորը կամ օգտագործեք «Մոռացե՞լ եք գաղտնաբառը»։',
  'An admin account cannot be erased: make another admin and take this one’s rights away first':
    'Ադմինիստրատորի հաշիվը հնարավոր չէ ջնջել․ նախ նշանակեք այլ ադմինիստրատոր և հանեք այս հաշվի իրավունքները',
  'No such message for this member': 'Այս անդամի համար նման նամակ չկա',
  'Receipt not found': 'Անդորրագիրը չի գտնվել',
  'This link does not work. To change which e-mails you get, sign in and open My Profile.':
    'Այս հղումը չի աշխատում։ Ստացվող նամակները փոխելու համար մուտք գործեք և բացեք «Իմ էջը»։',

  // Automatic renewal and saved cards
  'A free membership is never charged, so it cannot renew automatically. It can be renewed by hand in its last 30 days.':
    'Անվճար անդամակցության համար երբեք վճար չի գանձվում, ուստի այն չի կարող ինքնաշխատ երկարաձգվել։ Այն կարելի է ձեռքով երկարաձգել վերջին 30 օրվա ընթացքում։',
  'Automatic renewal changed meanwhile. Please reload the page.':
    'Ինքնաշխատ երկարաձգումն այդ ընթացքում փոխվել է։ Խնդրում ենք վերաբեռնել էջը։',
  'Automatic renewal is already off.': 'Ինքնաշխատ երկարաձգումն արդեն անջատված է։',
  'Automatic renewal is already on.': 'Ինքնաշխատ երկարաձգումն արդեն միացված է։',
  'Automatic renewal is for a current membership: please renew by hand first, and tick "Renew automatically each year".':
    'Ինքնաշխատ երկարաձգումը գործող անդամակցության համար է․ խնդրում ենք նախ երկարաձգել ձեռքով և նշել «Երկարաձգել ինքնաշխատ ամեն տարի»։',
  'Automatic renewal is off: turn it on to save a card for it.':
    'Ինքնաշխատ երկարաձգումն անջատված է․ միացրեք այն՝ դրա համար քարտ պահպանելու համար։',
  'Save a card for automatic renewal first.': 'Նախ պահպանեք քարտ ինքնաշխատ երկարաձգման համար։',
  'No automatic renewal for this member': 'Այս անդամի համար ինքնաշխատ երկարաձգում չկա',
  'No such saved card.': 'Նման պահպանված քարտ չկա։',
  'The card was not saved. Please try the card step again.': 'Քարտը չի պահպանվել։ Խնդրում ենք կրկին անցնել քարտի քայլը։',
  'This card could not be saved. Please start again.': 'Այս քարտը հնարավոր չեղավ պահպանել։ Խնդրում ենք սկսել նորից։',
  'This payment needs no confirmation now: it has been paid, or closed.':
    'Այս վճարումն այժմ հաստատման կարիք չունի․ այն վճարված է կամ փակված։',

  // Payments and the card step
  'Payment not found': 'Վճարումը չի գտնվել',
  'Card payments are paused for a few minutes because of unusual activity. Please try again later.':
    'Քարտային վճարումները մի քանի րոպեով դադարեցված են անսովոր ակտիվության պատճառով։ Խնդրում ենք կրկին փորձել ավելի ուշ։',
  'Card payments are unavailable just now. Please try again later.':
    'Քարտային վճարումներն այս պահին հասանելի չեն։ Խնդրում ենք կրկին փորձել ավելի ուշ։',
  'This payment is not waiting for authentication. Please pay again.': 'Այս վճարումը նույնականացման չի սպասում։ Խնդրում ենք կրկին վճարել։',
  'We are unable to authenticate your payment method. Please choose a different payment method and try again.':
    'Մենք չենք կարողանում նույնականացնել ձեր վճարման միջոցը։ Խնդրում ենք ընտրել վճարման այլ միջոց և կրկին փորձել։',
  'This payment has been decided on already': 'Այս վճարման վերաբերյալ որոշումն արդեն կայացված է',
  'Choose a membership tier': 'Ընտրեք անդամակցության տեսակը',
  // The card's own refusals, as the card provider words them
  'Your card was declined.': 'Ձեր քարտը մերժվել է։',
  'Your card was declined. This transaction requires authentication.': 'Ձեր քարտը մերժվել է։ Այս գործարքը պահանջում է նույնականացում։',
  'Your card was declined. Your request was in test mode, but used a non test card.':
    'Ձեր քարտը մերժվել է։ Հարցումը փորձնական ռեժիմում էր, սակայն օգտագործվել է ոչ փորձնական քարտ։',
  'Your card has insufficient funds.': 'Ձեր քարտում բավարար միջոցներ չկան։',
  'Your card has expired.': 'Ձեր քարտի ժամկետն անցել է։',
  "Your card's security code is incorrect.": 'Ձեր քարտի անվտանգության կոդը սխալ է։',
  'Your card number is incorrect.': 'Ձեր քարտի համարը սխալ է։',

  // Donations and monthly gifts
  'Gift Aid is not offered at the moment': 'Gift Aid-ն այս պահին չի առաջարկվում',
  'Monthly gift not found': 'Ամսական նվիրատվությունը չի գտնվել',
  'This monthly gift has ended already.': 'Այս ամսական նվիրատվությունն արդեն ավարտվել է։',
  'This monthly gift has started already.': 'Այս ամսական նվիրատվությունն արդեն սկսվել է։',
  'This month’s gift is being taken from the card right now. Please try again in a few minutes.':
    'Այս ամսվա նվիրատվությունը հենց հիմա է գանձվում քարտից։ Խնդրում ենք կրկին փորձել մի քանի րոպեից։',
  'Declaration not found': 'Հայտարարությունը չի գտնվել',
  'Declaration not found or already cancelled': 'Հայտարարությունը չի գտնվել կամ արդեն չեղարկված է',
  'This declaration has been cancelled': 'Այս հայտարարությունը չեղարկված է',

  // Events and bookings
  'Event not found': 'Միջոցառումը չի գտնվել',
  'Booking not found': 'Ամրագրումը չի գտնվել',
  'Certificate not found': 'Վկայականը չի գտնվել',
  'Booking for this event has closed': 'Այս միջոցառման ամրագրումը փակված է',
  'This e-mail address has booked this event already. The confirmation e-mail has a link to see or cancel the booking.':
    'Այս էլ. փոստի հասցեով այս միջոցառումն արդեն ամրագրված է։ Հաստատման նամակում կա հղում՝ ամրագրումը դիտելու կամ չեղարկելու համար։',
  'This event is for members. Renew your membership to book it.':
    'Այս միջոցառումը անդամների համար է։ Երկարաձգեք ձեր անդամակցությունը՝ այն ամրագրելու համար։',
  'This event is for members: please sign in to book': 'Այս միջոցառումը անդամների համար է․ ամրագրելու համար խնդրում ենք մուտք գործել',
  'This event has started: the booking can no longer be cancelled': 'Միջոցառումն արդեն սկսվել է․ ամրագրումն այլևս հնարավոր չէ չեղարկել',
  'This booking has lapsed or was cancelled. Book again from the event’s page.':
    'Այս ամրագրման ժամկետն անցել է, կամ այն չեղարկվել է։ Կրկին ամրագրեք միջոցառման էջից։',
  'No place is offered to this booking now: the offer may have lapsed':
    'Այս ամրագրմանն այժմ տեղ չի առաջարկվում․ առաջարկի ժամկետը հավանաբար անցել է',
  'This attendee’s details were erased at their request: no certificate can be issued':
    'Այս մասնակցի տվյալները ջնջվել են նրա խնդրանքով․ վկայական տրամադրել հնարավոր չէ',
  'Committee member not found': 'Հանձնաժողովի անդամը չի գտնվել',
  'Article not found': 'Հոդվածը չի գտնվել',
  'Invalid article ID': 'Հոդվածի անվավեր նույնացուցիչ',
  'Invalid cursor': 'Անվավեր դիրքացույց',
  'There is no such part of the sitemap': 'Կայքի քարտեզի նման մաս չկա',
  'Not found': 'Չի գտնվել',

  // Limits and a busy site (429, 503)
  'Too many attempts. Please wait a few minutes and try again.': 'Չափազանց շատ փորձեր։ Խնդրում ենք սպասել մի քանի րոպե և կրկին փորձել։',
  'Too many bookings from this address. Please wait a few minutes and try again.':
    'Այս հասցեից չափազանց շատ ամրագրումներ։ Խնդրում ենք սպասել մի քանի րոպե և կրկին փորձել։',
  'Too many bookings of this event from this address. Please ask the association if you are booking for a group.':
    'Այս հասցեից այս միջոցառման չափազանց շատ ամրագրումներ։ Եթե խմբի համար եք ամրագրում, խնդրում ենք դիմել միությանը։',
  'Too many documents asked for. Please wait a few minutes and try again.':
    'Չափազանց շատ փաստաթղթեր են պահանջվել։ Խնդրում ենք սպասել մի քանի րոպե և կրկին փորձել։',
  'Too many attempts to change this card. Please wait a few minutes and try again.':
    'Այս քարտը փոխելու չափազանց շատ փորձեր։ Խնդրում ենք սպասել մի քանի րոպե և կրկին փորձել։',
  'Too many donation attempts. Please wait a few minutes and try again.':
    'Նվիրատվության չափազանց շատ փորձեր։ Խնդրում ենք սպասել մի քանի րոպե և կրկին փորձել։',
  'Too many password reset requests. Please try again later.':
    'Գաղտնաբառի վերականգնման չափազանց շատ հարցումներ։ Խնդրում ենք կրկին փորձել ավելի ուշ։',
  'Too many payment attempts. Please wait a few minutes and try again.':
    'Վճարման չափազանց շատ փորձեր։ Խնդրում ենք սպասել մի քանի րոպե և կրկին փորձել։',
  'Too many payment checks from this address. Please wait a few minutes and try again.':
    'Այս հասցեից վճարման չափազանց շատ ստուգումներ։ Խնդրում ենք սպասել մի քանի րոպե և կրկին փորձել։',
  'Too many requests. Please try again tomorrow.': 'Չափազանց շատ հարցումներ։ Խնդրում ենք կրկին փորձել վաղը։',
  'Too many sign-in attempts.': 'Մուտքի չափազանց շատ փորձեր։',
  'Too many sign-in attempts. Please wait 15 minutes and try again.':
    'Մուտքի չափազանց շատ փորձեր։ Խնդրում ենք սպասել 15 րոպե և կրկին փորձել։',
  'Too many sign-in attempts. Please wait a few minutes and try again.':
    'Մուտքի չափազանց շատ փորձեր։ Խնդրում ենք սպասել մի քանի րոպե և կրկին փորձել։',
  'Too many wrong codes. Please wait 15 minutes and try again.': 'Չափազանց շատ սխալ կոդեր։ Խնդրում ենք սպասել 15 րոպե և կրկին փորձել։',
  'Too many wrong passwords. Please wait 15 minutes and try again.':
    'Չափազանց շատ սխալ գաղտնաբառեր։ Խնդրում ենք սպասել 15 րոպե և կրկին փորձել։',
  'The site is busy checking passwords. Please try again in a few seconds.':
    'Կայքն այս պահին զբաղված է գաղտնաբառերի ստուգմամբ։ Խնդրում ենք կրկին փորձել մի քանի վայրկյանից։',
  'The site is busy making documents just now. Please try again in a few seconds.':
    'Կայքն այս պահին զբաղված է փաստաթղթեր պատրաստելով։ Խնդրում ենք կրկին փորձել մի քանի վայրկյանից։',
  'The site’s database is not available just now. Please try again in a few seconds.':
    'Կայքի տվյալների բազան այս պահին հասանելի չէ։ Խնդրում ենք կրկին փորձել մի քանի վայրկյանից։',
  'Something went wrong on our side. Please try again later.': 'Մեր կողմից ինչ-որ բան այնպես չգնաց։ Խնդրում ենք կրկին փորձել ավելի ուշ։',

  // Requests the site's own pages do not send, but a reader may still meet
  'The request body is nested too deeply': 'Հարցման մարմինը չափազանց խորն է ներդրված',
  'The request contains a NUL character (U+0000)': 'Հարցումը պարունակում է NUL նիշ (U+0000)',
  'The request could not be read': 'Հարցումը հնարավոր չեղավ կարդալ',
  'The request body is too large': 'Հարցման մարմինը չափազանց մեծ է',
  'The file is too large': 'Ֆայլը չափազանց մեծ է',
  'Too many parts in the upload': 'Վերբեռնման մեջ չափազանց շատ մասեր կան',
  'Upload one file at a time': 'Վերբեռնեք մեկ ֆայլ միաժամանակ',
  'Too many fields in the upload': 'Վերբեռնման մեջ չափազանց շատ դաշտեր կան',
  'Unsupported content type': 'Չաջակցվող բովանդակության տեսակ',
  'Send the upload as multipart/form-data': 'Ուղարկեք վերբեռնումը multipart/form-data ձևաչափով',
  'The JSON body is empty': 'JSON մարմինը դատարկ է',
  'The Content-Length does not match the body': 'Content-Length-ը չի համապատասխանում մարմնին',
  'The body is not valid JSON': 'Մարմինը վավեր JSON չէ',
  'The address is not valid': 'Հասցեն վավեր չէ',
  'The address is too long': 'Հասցեն չափազանց երկար է',
  'Unexpected answer from the server': 'Սերվերի անսպասելի պատասխան',
  'Use en or hy': 'Օգտագործեք en կամ hy',
};

/** An event's date as formatEventDate writes it in English ("Saturday 5 December 2026, 18:30"), as it writes it in Armenian. */
function armenianEventDate(english: string): string {
  const match = /^(\w+) (\d{1,2}) (\w+) (\d{4}), (\d\d:\d\d)$/.exec(english);
  const weekday = WEEKDAYS.indexOf(match?.[1] as (typeof WEEKDAYS)[number]);
  const month = MONTHS.indexOf(match?.[3] as (typeof MONTHS)[number]);
  if (!match || weekday < 0 || month < 0) return english;
  return `${hy.WEEKDAYS[weekday]}, ${hy.longDate(Number(match[4]), month + 1, Number(match[2]))}, ${match[5]}`;
}

/** Messages with values: the values go over as they are (a date as Armenian writes it). */
const PATTERNS: readonly [RegExp, (...groups: string[]) => string][] = [
  [/^Booking opens on (.+)$/, (date) => `Ամրագրումը բացվում է ${armenianEventDate(date)}`],
  [/^Send the form as (.+)$/, (type) => `Ուղարկեք ձևը ${type} ձևաչափով`],
  [/^Send the request body as (.+)$/, (type) => `Ուղարկեք հարցման մարմինը ${type} ձևաչափով`],
  [/^At least ([\d,]+)$/, (n) => `Առնվազն ${n}`],
  [/^At most ([\d,]+) days$/, (n) => `Առավելագույնը ${n} օր`],
  [/^Invalid ([\w ]+): (.+)$/, (what, message) => `Անվավեր ${what}․ ${armenianDetail(message) ?? message}`],
  [/^Invalid ([\w ]+)$/, (what) => `Անվավեր ${what}`],
  // A field the request left out, or refused with the schema's message (the field keeps its API name).
  [/^([A-Za-z_][\w.]*) is required$/, (field) => `${field}: պարտադիր դաշտ է`],
  [/^([A-Za-z_][\w.]*): (.+)$/, (field, message) => (armenianDetail(message) ? `${field}: ${armenianDetail(message)}` : '')],
];

/** The Armenian of a refusal the API sends, or undefined for one this catalogue does not know. */
export function armenianDetail(english: string): string | undefined {
  const known = FIXED[english] ?? armenianMessage(english);
  if (known) return known;
  for (const [pattern, write] of PATTERNS) {
    const match = pattern.exec(english);
    if (match) return write(...match.slice(1)) || undefined;
  }
  return undefined;
}

/** The refusal as a page in `language` shows it: translated where the catalogue knows it, else as written. */
export function detailIn(language: 'en' | 'hy', english: string): string {
  return language === 'hy' ? (armenianDetail(english) ?? english) : english;
}
