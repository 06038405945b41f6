import { defineWords } from '../../lib/words';

/** The roles page, a person's role control, and the staff's second factor (decision 190). */
export const rolesWords = defineWords(
  {
    title: 'Roles',
    intro:
      'Members see their own membership. Editors also write, edit and delete news articles. Admins can do everything: ' +
      'edit the site, see members, payments and mail, and change anyone’s role. A change takes effect on the person’s ' +
      'next request: they do not need to sign out. Admins and editors need a second factor (a passkey or an authenticator app).',
    admins: 'Admins',
    noAdmins: 'There are no admins.',
    editors: 'Editors',
    noEditors: 'There are no editors yet. Find a member below to make one.',
    findTitle: 'Find a member',
    findIntro: 'Search by name or e-mail, then choose their new role.',
    findLabel: 'Name or e-mail',
    found: 'Members found',
    noOneMatches: (q: string) => `No one matches “${q}”.`,
    firstOfFound: (shown: number, total: number) =>
      `Showing the first ${shown} of ${total}: type more of the name or address to narrow the search.`,
    firstOfList: (shown: number, total: number) => `Showing the first ${shown} of ${total}; the members list has them all.`,
    listFailed: (label: string) => `${label}: the list could not be loaded.`,
    name: 'Name',
    email: 'E-mail',
    role: 'Role',

    roleOf: (name: string) => `Role of ${name}`,
    saveRole: 'Save role',
    saveRoleFor: (name: string) => `Save role for ${name}`,
    nowRole: (name: string, role: string) => `${name} is now ${role}. This applies from their next request to the site.`,
    alreadyRole: (name: string, role: string) => `${name} is ${role} already: choose another role to change it.`,
    roleFailed: 'The role could not be changed. Please try again.',
    makeQuestion: (name: string, role: string) => `Make ${name} ${role}?`,
    adminsCan: 'Admins can change everything on the site, see every member and payment, and change anyone’s role.',
    loses: (name: string, role: string) => `${name} loses the rights of ${role} on their next request.`,

    factorTitle: 'Second factor for staff',
    factorIntro:
      'Admins and editors sign in with a passkey or an authenticator code as well as their password. Someone given a role without one is asked to set one up first; until they do, their role waits. You may give new staff a few days to do it (0: their role works only once they have one).',
    graceDays: 'Days of grace',
    graceRange: '0 to 90',
    save: 'Save',
    graceFailed: 'The grace period could not be saved.',
    saved: 'Saved.',
    close: 'Close',
  },
  {
    title: 'Դերեր',
    intro:
      'Անդամները տեսնում են իրենց անդամակցությունը։ Խմբագիրները նաև գրում, խմբագրում և ջնջում են նորությունների հոդվածները։ ' +
      'Ադմինիստրատորները կարող են ամեն ինչ անել՝ խմբագրել կայքը, տեսնել անդամներին, վճարումներն ու նամակները և փոխել ցանկացածի դերը։ ' +
      'Փոփոխությունը գործում է անձի հաջորդ հարցումից․ նրան պետք չէ դուրս գալ։ Ադմինիստրատորներին և խմբագիրներին անհրաժեշտ է երկրորդ գործոն (passkey կամ նույնականացման հավելված)։',
    admins: 'Ադմինիստրատորներ',
    noAdmins: 'Ադմինիստրատորներ չկան։',
    editors: 'Խմբագիրներ',
    noEditors: 'Խմբագիրներ դեռ չկան։ Գտեք անդամին ստորև՝ նրան խմբագիր դարձնելու համար։',
    findTitle: 'Գտնել անդամին',
    findIntro: 'Որոնեք անունով կամ էլ. փոստով, ապա ընտրեք նրա նոր դերը։',
    findLabel: 'Անուն կամ էլ. փոստ',
    found: 'Գտնված անդամներ',
    noOneMatches: (q: string) => `«${q}» որոնմանը ոչ ոք չի համապատասխանում։`,
    firstOfFound: (shown: number, total: number) =>
      `Ցուցադրված են առաջին ${shown}-ը ${total}-ից․ գրեք անվան կամ հասցեի ավելի մեծ մասը՝ որոնումը նեղացնելու համար։`,
    firstOfList: (shown: number, total: number) => `Ցուցադրված են առաջին ${shown}-ը ${total}-ից․ բոլորը կան անդամների ցանկում։`,
    listFailed: (label: string) => `${label}․ ցանկը չհաջողվեց բեռնել։`,
    name: 'Անուն',
    email: 'Էլ. փոստ',
    role: 'Դեր',

    roleOf: (name: string) => `${name}-ի դերը`,
    saveRole: 'Պահպանել դերը',
    saveRoleFor: (name: string) => `Պահպանել ${name}-ի դերը`,
    nowRole: (name: string, role: string) => `${name}․ նոր դերը՝ ${role}։ Այն գործում է կայքին նրա հաջորդ հարցումից։`,
    alreadyRole: (name: string, role: string) => `${name}․ դերն արդեն՝ ${role}։ Ընտրեք այլ դեր՝ այն փոխելու համար։`,
    roleFailed: 'Դերը չհաջողվեց փոխել։ Խնդրում ենք կրկին փորձել։',
    makeQuestion: (name: string, role: string) => `Դարձնե՞լ ${name}-ին ${role}։`,
    adminsCan: 'Ադմինիստրատորները կարող են փոխել կայքում ամեն ինչ, տեսնել բոլոր անդամներին ու վճարումները և փոխել ցանկացածի դերը։',
    loses: (name: string, role: string) => `${name}-ը իր հաջորդ հարցումից կկորցնի «${role}» դերի իրավունքները։`,

    factorTitle: 'Երկրորդ գործոն աշխատակազմի համար',
    factorIntro:
      'Ադմինիստրատորներն ու խմբագիրները մուտք են գործում գաղտնաբառով և, բացի դրանից, passkey-ով կամ նույնականացման կոդով։ Ով դեր է ստանում առանց դրա, նախ պետք է այն կարգավորի․ մինչ այդ նրա դերը սպասում է։ Կարող եք նոր աշխատակիցներին մի քանի օր տալ դրա համար (0՝ դերը գործում է միայն երկրորդ գործոնը կարգավորելուց հետո)։',
    graceDays: 'Արտոնյալ օրեր',
    graceRange: '0-ից 90',
    save: 'Պահպանել',
    graceFailed: 'Արտոնյալ ժամկետը չհաջողվեց պահպանել։',
    saved: 'Պահպանված է։',
    close: 'Փակել',
  },
);
