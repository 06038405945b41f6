import type { BlockType, RawDocument } from '../../shared/domain/richtext/document';

/** Demo content for a new site: fictional people, plausible events and articles, in English and Armenian (decision 180). */

export const demoCommittee = [
  {
    name: 'Dr Anahit Petrosyan',
    role: 'President',
    colour: '#1f4e79',
    description:
      'Consultant cardiologist in London. Anahit joined the association as a junior doctor and has led its partnership with hospitals in Yerevan since 2019.',
    hy: {
      role: 'Նախագահ',
      description:
        'Սրտաբան-խորհրդատու Լոնդոնում։ Անահիտը միությանն անդամակցել է որպես երիտասարդ բժիշկ և 2019 թվականից ղեկավարում է Երևանի հիվանդանոցների հետ միության համագործակցությունը։',
    },
  },
  {
    name: 'Dr Aram Hakobyan',
    role: 'Vice-President',
    colour: '#8e3b2f',
    description: 'General practitioner in Manchester with an interest in medical education and the health of older people.',
    hy: {
      role: 'Փոխնախագահ',
      description:
        'Ընդհանուր պրակտիկայի բժիշկ Մանչեսթերում․ նրան առանձնապես հետաքրքրում են բժշկական կրթությունը և տարեցների առողջությունը։',
    },
  },
  {
    name: 'Ms Lilit Sargsyan',
    role: 'Honorary Secretary',
    colour: '#2e6b4f',
    description: 'Hospital pharmacist in Birmingham. Lilit keeps the minutes, the membership list and the association running smoothly.',
    hy: {
      role: 'Պատվավոր քարտուղար',
      description:
        'Հիվանդանոցային դեղագործ Բիրմինգհեմում։ Լիլիթը վարում է նիստերի արձանագրությունները և անդամների ցուցակը և հոգ է տանում, որ միության աշխատանքը սահուն ընթանա։',
    },
  },
  {
    name: 'Mr Tigran Grigoryan',
    role: 'Treasurer',
    colour: '#6a4c93',
    description: 'Dental surgeon in Bristol, looking after the accounts and Gift Aid claims of the association.',
    hy: { role: 'Գանձապահ', description: 'Ատամնաբույժ-վիրաբույժ Բրիստոլում, որը վարում է միության հաշիվները և Gift Aid-ի հայտերը։' },
  },
  {
    name: 'Dr Nare Avetisyan',
    role: 'Events Officer',
    colour: '#b5651d',
    description: 'Paediatric registrar in Leeds who organises the winter lecture, the summer picnic and the annual dinner.',
    hy: {
      role: 'Միջոցառումների պատասխանատու',
      description: 'Մանկաբույժ Լիդսում, որը կազմակերպում է ձմեռային դասախոսությունը, ամառային պիկնիկը և տարեկան ընթրիքը։',
    },
  },
  {
    name: 'Mr Davit Harutyunyan',
    role: 'Student Representative',
    colour: '#2f6f8f',
    description: 'Fourth-year medical student in Edinburgh and the voice of student members on the committee.',
    hy: {
      role: 'Ուսանողների ներկայացուցիչ',
      description: 'Էդինբուրգի համալսարանի բժշկական ֆակուլտետի չորրորդ կուրսի ուսանող և ուսանող անդամների ձայնը վարչությունում։',
    },
  },
];

/** Events around "today": `days` from now, at a London wall-clock time. */
export const demoEvents = [
  {
    days: -400,
    time: [19, 0],
    title: 'Annual Dinner 2025',
    description: 'Our annual dinner with music, Armenian food and the presentation of the student essay prize.',
    hy: {
      title: 'Տարեկան ընթրիք 2025',
      description: 'Մեր տարեկան ընթրիքը՝ երաժշտությամբ, հայկական խոհանոցով և ուսանողական շարադրությունների մրցանակի հանձնմամբ։',
    },
  },
  {
    days: -120,
    time: [14, 0],
    title: 'Summer Picnic in Regent’s Park',
    description: 'Families and friends of the association met for an afternoon of games and conversation.',
    hy: {
      title: 'Ամառային պիկնիկ Ռիջենթս պարկում',
      description: 'Միության անդամների ընտանիքներն ու բարեկամները հավաքվեցին խաղերով և զրույցներով լի մի կեսօրի։',
    },
  },
  {
    days: -45,
    time: [18, 30],
    title: 'Annual General Meeting',
    description: 'Reports from the committee, the accounts for the year and the election of officers.',
    hy: {
      title: 'Տարեկան ընդհանուր ժողով',
      description: 'Վարչության զեկույցները, տարվա ֆինանսական հաշվետվությունը և պաշտոնյաների ընտրությունը։',
    },
  },
  {
    days: 14,
    time: [18, 30],
    title: 'Winter Lecture: Advances in Cardiology',
    description:
      'Dr Anahit Petrosyan on what has changed in the treatment of heart failure, followed by questions and refreshments. Open to members and guests.',
    // The postal address stays as the post writes it; an empty Armenian venue address shows the English one.
    hy: {
      title: 'Ձմեռային դասախոսություն. նորություններ սրտաբանության մեջ',
      description:
        'Դոկտոր Անահիտ Պետրոսյանը կպատմի, թե ինչ է փոխվել սրտային անբավարարության բուժման մեջ, որից հետո՝ հարցուպատասխան և հյուրասիրություն։ Բաց է անդամների և հյուրերի համար։',
      venue_name: 'Միության սրահներ, դասախոսությունների դահլիճ',
    },
    // A booked lecture: limited places, a member price (only with simulated payments), CPD hours.
    details: {
      hours: 2,
      venue_name: 'The Association Rooms, Lecture Room',
      venue_address: '12 Example Square, London WC1N 2AA',
      capacity: 80,
      member_price_pence: 1000,
      price_pence: 2500,
      cpd_hours: 1.5,
    },
  },
  {
    days: 40,
    time: [19, 0],
    title: 'New Year Reception',
    description: 'Welcome the new year with members, students and friends of the association.',
    hy: {
      title: 'Ամանորյա ընդունելություն',
      description: 'Դիմավորենք նոր տարին միության անդամների, ուսանողների և բարեկամների հետ։',
      venue_name: 'Միության սրահներ',
    },
    details: { hours: 3, venue_name: 'The Association Rooms', venue_address: '12 Example Square, London WC1N 2AA', capacity: 120 },
  },
  {
    days: 95,
    time: [10, 0],
    title: 'Careers Day for Students',
    description: 'Talks and one-to-one advice on foundation training, specialty choices and research for student members.',
    hy: {
      title: 'Կարիերայի օր ուսանողների համար',
      description:
        'Զեկույցներ և անհատական խորհրդատվություն ուսանող անդամների համար՝ հետդիպլոմային Foundation ծրագրի, մասնագիտացման ընտրության և գիտահետազոտական աշխատանքի մասին։',
      venue_name: 'Միության սրահներ',
    },
    details: {
      hours: 6,
      venue_name: 'The Association Rooms',
      venue_address: '12 Example Square, London WC1N 2AA',
      capacity: 60,
      cpd_hours: 3,
    },
  },
] as const;

type Paragraph = [BlockType, string];

function document(paragraphs: Paragraph[]): RawDocument {
  return {
    blocks: paragraphs.map(([type, text], i) => ({
      key: `demo${i}`,
      text,
      type,
      depth: 0,
      inlineStyleRanges: [],
      entityRanges: [],
      data: {},
    })),
    entityMap: {},
  };
}

export const demoAboutArticle = {
  title: 'About the association',
  categories: ['About'],
  daysAgo: 300,
  content: document([
    [
      'unstyled',
      'The association was founded in 1984 by a small group of Armenian doctors working in London. Today its members are doctors, dental surgeons, pharmacists, allied health professionals and students across Great Britain.',
    ],
    ['header-two', 'What we do'],
    ['unordered-list-item', 'Bring members together through lectures, social events and an annual dinner.'],
    ['unordered-list-item', 'Mentor students and doctors in training.'],
    ['unordered-list-item', 'Support healthcare in Armenia through training partnerships and humanitarian aid.'],
    ['header-two', 'Joining'],
    [
      'unstyled',
      'Membership is open to healthcare professionals and students of Armenian heritage, and to friends of the Armenian community, for a yearly subscription. Students join free of charge.',
    ],
  ]),
  hy: {
    title: 'Միության մասին',
    categories: ['Մեր մասին'],
    content: document([
      [
        'unstyled',
        'Միությունը հիմնադրվել է 1984 թվականին Լոնդոնում աշխատող հայ բժիշկների մի փոքր խմբի կողմից։ Այսօր նրա անդամներն են բժիշկներ, ատամնաբույժներ, դեղագործներ, առողջապահական այլ մասնագետներ և ուսանողներ ամբողջ Մեծ Բրիտանիայից։',
      ],
      ['header-two', 'Ինչով ենք զբաղվում'],
      ['unordered-list-item', 'Համախմբում ենք անդամներին դասախոսությունների, հանդիպումների և տարեկան ընթրիքի շուրջ։'],
      ['unordered-list-item', 'Մենթորությամբ աջակցում ենք ուսանողներին և մասնագիտական պատրաստում անցնող բժիշկներին։'],
      ['unordered-list-item', 'Նպաստում ենք Հայաստանի առողջապահությանը՝ վերապատրաստման ծրագրերով և մարդասիրական օգնությամբ։'],
      ['header-two', 'Անդամակցություն'],
      [
        'unstyled',
        'Անդամակցությունը բաց է հայազգի առողջապահական մասնագետների և ուսանողների, ինչպես նաև հայ համայնքի բարեկամների համար՝ տարեկան անդամավճարով։ Ուսանողներն անդամագրվում են անվճար։',
      ],
    ]),
  },
};

export const demoPrivacyArticle = {
  title: 'Privacy policy',
  categories: ['About'],
  daysAgo: 300,
  content: document([
    ['unstyled', 'This policy explains what personal data the association keeps about members, donors and visitors, and why.'],
    ['header-two', 'What we keep'],
    [
      'unordered-list-item',
      'Members: name, contact details, qualifications and workplace as given when joining, and the dates of membership payments.',
    ],
    ['unordered-list-item', 'Donors: name (unless the gift is anonymous), e-mail address for the receipt and the amount given.'],
    ['unordered-list-item', 'Card details are handled by our payment provider and never reach our servers.'],
    ['header-two', 'Why we keep it'],
    [
      'unstyled',
      'To run the membership, send receipts and renewal reminders, and meet our legal duties as a UK nonprofit. We never sell or share personal data for marketing.',
    ],
    ['header-two', 'Newsletters'],
    [
      'unstyled',
      'We send newsletters only to people who agreed to receive them, and each one says how to stop them in one click. Our e-mails carry no tracking: no hidden images that report when you open them and no links rewritten to count your clicks. A newsletter address the receiving server refuses is no longer written to.',
    ],
    ['header-two', 'Your rights'],
    ['unstyled', 'You may ask for a copy of your data, its correction or its deletion at any time by writing to the Honorary Secretary.'],
  ]),
  hy: {
    title: 'Գաղտնիության քաղաքականություն',
    categories: ['Մեր մասին'],
    content: document([
      [
        'unstyled',
        'Այս քաղաքականությունը բացատրում է, թե անդամների, նվիրատուների և այցելուների մասին ինչ անձնական տվյալներ է պահում միությունը և ինչու։',
      ],
      ['header-two', 'Ինչ ենք պահում'],
      [
        'unordered-list-item',
        'Անդամներ՝ անունը, կոնտակտային տվյալները, որակավորումը և աշխատավայրը, ինչպես նշվել են անդամագրվելիս, և անդամավճարների վճարման ամսաթվերը։',
      ],
      [
        'unordered-list-item',
        'Նվիրատուներ՝ անունը (եթե նվիրատվությունն անանուն չէ), անդորրագրի համար էլեկտրոնային փոստի հասցեն և նվիրաբերված գումարը։',
      ],
      ['unordered-list-item', 'Քարտի տվյալները մշակում է մեր վճարային ծառայությունը, և դրանք երբեք չեն հասնում մեր սերվերներին։'],
      ['header-two', 'Ինչու ենք պահում'],
      [
        'unstyled',
        'Որպեսզի վարենք անդամակցությունը, ուղարկենք անդորրագրեր և անդամակցության երկարաձգման հիշեցումներ, ինչպես նաև կատարենք մեր օրինական պարտավորությունները՝ որպես Միացյալ Թագավորության շահույթ չհետապնդող կազմակերպություն։ Մենք երբեք չենք վաճառում կամ փոխանցում անձնական տվյալներ գովազդային նպատակներով։',
      ],
      ['header-two', 'Տեղեկագրեր'],
      [
        'unstyled',
        'Տեղեկագրեր ուղարկում ենք միայն նրանց, ովքեր համաձայնել են դրանք ստանալ, և յուրաքանչյուրում նշված է, թե ինչպես հրաժարվել մեկ սեղմումով։ Մեր նամակները ոչինչ չեն հետևում․ դրանցում չկան թաքնված պատկերներ, որոնք հայտնում են, թե երբ եք բացել նամակը, և չկան հղումներ, որոնք փոխված են ձեր սեղմումները հաշվելու համար։ Եթե ստացող սերվերը մերժում է տեղեկագրի հասցեն, այդ հասցեին այլևս չենք գրում։',
      ],
      ['header-two', 'Ձեր իրավունքները'],
      ['unstyled', 'Ցանկացած պահի կարող եք խնդրել ձեր տվյալների պատճենը, դրանց ուղղումը կամ ջնջումը՝ գրելով պատվավոր քարտուղարին։'],
    ]),
  },
};

export const demoNewsArticles = [
  {
    title: 'Report of the Annual General Meeting',
    categories: ['News'],
    daysAgo: 44,
    content: document([
      [
        'unstyled',
        'Thank you to everyone who came to the Annual General Meeting. Members approved the accounts, re-elected the officers and welcomed two new committee members.',
      ],
      ['header-two', 'Highlights of the year'],
      ['unordered-list-item', 'Membership grew by a fifth, with many new student members.'],
      ['unordered-list-item', 'Four lectures, two of them streamed for members outside London.'],
      ['unordered-list-item', 'A shipment of medical equipment to a regional hospital in Armenia.'],
    ]),
    hy: {
      title: 'Տարեկան ընդհանուր ժողովի հաշվետվություն',
      categories: ['Լուրեր'],
      content: document([
        [
          'unstyled',
          'Շնորհակալություն բոլոր նրանց, ովքեր մասնակցեցին տարեկան ընդհանուր ժողովին։ Անդամները հաստատեցին ֆինանսական հաշվետվությունը, վերընտրեցին պաշտոնյաներին և ողջունեցին վարչության երկու նոր անդամների։',
        ],
        ['header-two', 'Տարվա գլխավոր իրադարձությունները'],
        ['unordered-list-item', 'Անդամների թիվն աճեց մեկ հինգերորդով՝ շնորհիվ բազմաթիվ նոր ուսանող անդամների։'],
        ['unordered-list-item', 'Չորս դասախոսություն, որոնցից երկուսը հեռարձակվեցին Լոնդոնից դուրս ապրող անդամների համար։'],
        ['unordered-list-item', 'Բժշկական սարքավորումների առաքում Հայաստանի մարզային հիվանդանոցներից մեկին։'],
      ]),
    },
  },
  {
    title: 'Medical equipment delivered to Armenia',
    categories: ['Humanitarian'],
    daysAgo: 20,
    content: document([
      [
        'unstyled',
        'With the donations of members and friends, the association has delivered patient monitors and infusion pumps to a regional hospital in Armenia.',
      ],
      ['blockquote', 'This equipment will help our nurses care for patients safely through the winter.'],
      ['unstyled', 'Thank you to every donor. Our next appeal will fund training places for Armenian nurses in British hospitals.'],
    ]),
    hy: {
      title: 'Բժշկական սարքավորումներ են հասցվել Հայաստան',
      categories: ['Մարդասիրական օգնություն'],
      content: document([
        [
          'unstyled',
          'Անդամների և բարեկամների նվիրատվությունների շնորհիվ միությունը Հայաստանի մարզային հիվանդանոցներից մեկին է հասցրել հիվանդների մոնիտորներ և ինֆուզիոն պոմպեր։',
        ],
        ['blockquote', 'Այս սարքավորումները կօգնեն մեր բուժքույրերին ձմռանն անվտանգ խնամել հիվանդներին։'],
        [
          'unstyled',
          'Շնորհակալություն յուրաքանչյուր նվիրատուի։ Մեր հաջորդ դրամահավաքը կֆինանսավորի հայ բուժքույրերի վերապատրաստումը բրիտանական հիվանդանոցներում։',
        ],
      ]),
    },
  },
  {
    title: 'Mentoring scheme for students opens',
    categories: ['Education'],
    daysAgo: 6,
    content: document([
      [
        'unstyled',
        'Student members can now ask for a mentor: an experienced doctor, dentist or pharmacist who will meet them a few times a year to talk about training and careers.',
      ],
      ['ordered-list-item', 'Sign in and check that your membership is current.'],
      ['ordered-list-item', 'Write to the Student Representative with your year of study and interests.'],
      ['ordered-list-item', 'We will introduce you to a mentor within a month.'],
    ]),
    hy: {
      title: 'Մեկնարկում է ուսանողների մենթորության ծրագիրը',
      categories: ['Կրթություն'],
      content: document([
        [
          'unstyled',
          'Ուսանող անդամներն այժմ կարող են մենթոր խնդրել՝ փորձառու բժշկի, ատամնաբույժի կամ դեղագործի, որը տարին մի քանի անգամ կհանդիպի նրանց հետ՝ խոսելու ուսման և կարիերայի մասին։',
        ],
        ['ordered-list-item', 'Մուտք գործեք կայք և համոզվեք, որ ձեր անդամակցությունը գործող է։'],
        ['ordered-list-item', 'Գրեք ուսանողների ներկայացուցչին՝ նշելով ձեր ուսման տարին և հետաքրքրությունները։'],
        ['ordered-list-item', 'Մեկ ամսվա ընթացքում ձեզ կծանոթացնենք մենթորի հետ։'],
      ]),
    },
  },
];
