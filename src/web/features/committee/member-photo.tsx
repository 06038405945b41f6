import { imageSizes, ResponsiveImage } from '../../components/responsive-image';
import styles from './committee.module.css';

/** The initials of a name, for a member without a photo: "Dr Anahit Petrosyan" gives "AP". */
export function initialsOf(name: string): string {
  const words = name
    .replace(/^(dr|mr|mrs|ms|miss|prof|professor)\.?\s+/i, '')
    .split(/\s+/)
    .filter(Boolean);
  const letters = words.length > 1 ? [words[0]!, words.at(-1)!] : words;
  return letters.map((word) => word[0]!.toLocaleUpperCase('en-GB')).join('');
}

/** A member's photo, square (alt text: the name), or their initials when there is none. */
export function MemberPhoto({ src, name, lazy = false }: { src: string; name: string; lazy?: boolean }) {
  if (!src) {
    return (
      <div aria-hidden className={styles.initials}>
        {initialsOf(name)}
      </div>
    );
  }
  return (
    <ResponsiveImage src={src} alt={name} sizes={imageSizes.memberPhoto} width={400} height={400} eager={!lazy} className={styles.photo} />
  );
}
