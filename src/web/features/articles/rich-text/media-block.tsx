import { videoEmbed } from '../../../../shared/domain/richtext/media-embed';
import { mediaUrl, type MediaData } from '../../../../shared/domain/richtext/document';
import { isSafeMediaUrl } from '../../../../shared/domain/richtext/safe-url';
import { useSiteText } from '../../../lib/site-text';
import { RichLink } from './inline-text';
import styles from './rich-text.module.css';

const JUSTIFY = { left: 'flex-start', center: 'center', right: 'flex-end' } as const;

// The players need their own scripts; they get nothing else (no top navigation, no forms).
const FRAME_SANDBOX = 'allow-scripts allow-same-origin allow-presentation allow-popups';

/** An image or a video of an atomic block (docs/product.md: media block margin 5px 0 1px). */
export function MediaBlock({ data }: { data: MediaData }) {
  const { t } = useSiteText();
  const url = mediaUrl(data);
  if (!isSafeMediaUrl(url)) return null;
  const size = { width: data.width, height: data.height };
  const sizeStyle = {
    height: data.width && data.height ? 'auto' : undefined,
    aspectRatio: data.width && data.height ? `${data.width} / ${data.height}` : undefined,
  };

  let content;
  if (data.type === 'video') {
    const embed = videoEmbed(url);
    if (!embed) return null;
    if (embed.kind === 'file') {
      content = <video controls preload="metadata" src={embed.src} {...size} style={sizeStyle} />;
    } else if (embed.kind === 'frame') {
      content = (
        <iframe
          src={embed.src}
          title={`${t('article.video')} (${embed.site})`}
          sandbox={FRAME_SANDBOX}
          allow="fullscreen; picture-in-picture; encrypted-media"
          referrerPolicy="strict-origin-when-cross-origin"
          loading="lazy"
          width={data.width ?? 560}
          height={data.height ?? 315}
          style={sizeStyle}
        />
      );
    } else {
      content = <RichLink url={embed.href}>{t('article.open_video')}</RichLink>;
    }
  } else {
    content = <img src={url} alt={data.alt ?? ''} loading="lazy" {...size} style={sizeStyle} />;
  }

  return (
    <figure className={styles.figure} style={{ justifyContent: JUSTIFY[data.alignment ?? 'left'] }}>
      {content}
    </figure>
  );
}
