import { PRODUCT_NAME } from '../../lib/brand.ts';

export function LogoMark({ className = 'size-8' }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" className={className}>
      <rect width="64" height="64" rx="14" className="fill-[#0b1030] dark:fill-[#1d2456]" />
      <path d="M40 14a20 20 0 1 0 10 34A17 17 0 0 1 40 14z" fill="#f3c969" />
      <circle cx="46" cy="20" r="2.2" fill="#c7ccff" />
      <circle cx="52" cy="30" r="1.4" fill="#c7ccff" />
    </svg>
  );
}

export function Logo() {
  return (
    <span className="flex items-center gap-2.5">
      <LogoMark />
      <span className="font-display text-lg font-semibold tracking-tight whitespace-nowrap">
        {PRODUCT_NAME}
      </span>
    </span>
  );
}
