import type { IconPaths } from '../icon';

export const homeIcon: IconPaths = ['M10 20v-6h4v6h5v-8h3L12 3 2 12h3v8z'];
