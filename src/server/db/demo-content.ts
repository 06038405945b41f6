import type { BlockType, RawDocument } from '../../shared/domain/richtext/document';

/** Demo content for a new site: fictional people, plausible events and articles. */

export const demoCommittee = [
  {
    name: 'Dr Anahit Petrosyan',
    role: 'President',
    colour: '#1f4e79',
    description:
      'Consultant cardiologist in London. Anahit joined the association as a junior doctor and has led its partnership with hospitals in Yerevan since 2019.',
  },
  {
    name: 'Dr Aram Hakobyan',
    role: 'Vice-President',
    colour: '#8e3b2f',
    description: 'General practitioner in Manchester with an interest in medical education and the health of older people.',
  },
  {
    name: 'Ms Lilit Sargsyan',
    role: 'Honorary Secretary',
    colour: '#2e6b4f',
    description: 'Hospital pharmacist in Birmingham. Lilit keeps the minutes, the membership list and the association running smoothly.',
  },
  {
    name: 'Mr Tigran Grigoryan',
    role: 'Treasurer',
    colour: '#6a4c93',
    description: 'Dental surgeon in Bristol, looking after the accounts and Gift Aid claims of the association.',
  },
  {
    name: 'Dr Nare Avetisyan',
    role: 'Events Officer',
    colour: '#b5651d',
    description: 'Paediatric registrar in Leeds who organises the winter lecture, the summer picnic and the annual dinner.',
  },
  {
    name: 'Mr Davit Harutyunyan',
    role: 'Student Representative',
    colour: '#2f6f8f',
    description: 'Fourth-year medical student in Edinburgh and the voice of student members on the committee.',
  },
];

/** Events around "today": `days` from now, at a London wall-clock time. */
export const demoEvents = [
  {
    days: -400,
    time: [19, 0],
    title: 'Annual Dinner 2025',
    description: 'Our annual dinner with music, Armenian food and the presentation of the student essay prize.',
  },
  {
    days: -120,
    time: [14, 0],
    title: 'Summer Picnic in Regent’s Park',
    description: 'Families and friends of the association met for an afternoon of games and conversation.',
  },
  {
    days: -45,
    time: [18, 30],
    title: 'Annual General Meeting',
    description: 'Reports from the committee, the accounts for the year and the election of officers.',
  },
  {
    days: 14,
    time: [18, 30],
    title: 'Winter Lecture: Advances in Cardiology',
    description:
      'Dr Anahit Petrosyan on what has changed in the treatment of heart failure, followed by questions and refreshments. Open to members and guests.',
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
    details: { hours: 3, venue_name: 'The Association Rooms', venue_address: '12 Example Square, London WC1N 2AA', capacity: 120 },
  },
  {
    days: 95,
    time: [10, 0],
    title: 'Careers Day for Students',
    description: 'Talks and one-to-one advice on foundation training, specialty choices and research for student members.',
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
  },
];
