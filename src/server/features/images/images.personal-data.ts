import type { PersonalDataCoverage } from '../../privacy/personal-data';

/** Uploaded images are the site's; who uploaded one is kept until that account is erased. */
export const imagesPersonalData: PersonalDataCoverage = {
  owner: 'images',
  tables: {
    images: { personal: ['created_by'], export: { omitted: 'which images an editor or admin uploaded: the images are the site’s' } },
    image_variants: { none: 'copies of the site’s images at other widths and formats (decision 210); deleted with their image' },
  },
  async export() {
    return {};
  },
  async erase(trx, erasure) {
    await trx.updateTable('images').set({ created_by: null }).where('created_by', '=', erasure.userId).execute();
  },
};
