import { defineWords } from '../lib/words';

/** The picture picker's own words (decision 190): only editors and the admin use it. */
export const pictureFieldWords = defineWords(
  {
    current: (label: string) => `${label} (current)`,
    none: 'None',
    uploadFailed: 'The picture could not be uploaded.',
  },
  {
    current: (label: string) => `${label} (ընթացիկ)`,
    none: 'Չկա',
    uploadFailed: 'Նկարը չհաջողվեց վերբեռնել։',
  },
);
