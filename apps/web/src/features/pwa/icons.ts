/**
 * The app's icons: one list read by the icon renderer and by the web manifest in vite.config.ts.
 * "any" icons have rounded corners of their own; "maskable" ones fill the square and keep the
 * picture inside the central safe circle, because the launcher cuts them to its own shape.
 */
export interface IconRender {
  source: 'icon.svg' | 'maskable.svg' | 'share.svg';
  file: string;
  size: number;
  /** Only for pictures that are not square. */
  height?: number;
  purpose: 'any' | 'maskable' | 'apple' | 'share';
}

const ICONS_PATH = '/icons/';

export const ICON_RENDERS: readonly IconRender[] = [
  { source: 'icon.svg', file: 'icon-192.png', size: 192, purpose: 'any' },
  { source: 'icon.svg', file: 'icon-512.png', size: 512, purpose: 'any' },
  { source: 'maskable.svg', file: 'maskable-192.png', size: 192, purpose: 'maskable' },
  { source: 'maskable.svg', file: 'maskable-512.png', size: 512, purpose: 'maskable' },
  // iOS draws its own rounded corners over a full square and ignores transparency.
  { source: 'maskable.svg', file: 'apple-touch-icon.png', size: 180, purpose: 'apple' },
  // The picture shown with a shared link (Open Graph), at the size the big link cards use.
  { source: 'share.svg', file: 'share.png', size: 1200, height: 630, purpose: 'share' },
];

export interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

export function manifestIcons(): ManifestIcon[] {
  const icons: ManifestIcon[] = [
    { src: `${ICONS_PATH}icon.svg`, sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
  ];
  for (const icon of ICON_RENDERS) {
    if (icon.purpose !== 'any' && icon.purpose !== 'maskable') continue;
    icons.push({
      src: `${ICONS_PATH}${icon.file}`,
      sizes: `${icon.size}x${icon.size}`,
      type: 'image/png',
      purpose: icon.purpose,
    });
  }
  return icons;
}
