// The twelve signs, with the text variation selector so they never turn into emoji.
const SIGNS = ['♈', '♉', '♊', '♋', '♌', '♍', '♎', '♏', '♐', '♑', '♒', '♓'].map(
  (sign) => `${sign}\uFE0E`,
);

/** A decorative zodiac wheel drawn behind the hero; hidden from assistive technology. */
export function ZodiacWheel({ className }: { className?: string }) {
  const centre = 200;
  return (
    <svg viewBox="0 0 400 400" aria-hidden="true" focusable="false" className={className}>
      <g fill="none" stroke="currentColor">
        <circle cx={centre} cy={centre} r="196" strokeWidth="1.5" />
        <circle cx={centre} cy={centre} r="150" strokeWidth="1" />
        <circle cx={centre} cy={centre} r="92" strokeWidth="0.75" strokeDasharray="2 6" />
        {SIGNS.map((_, index) => {
          const angle = (index * Math.PI) / 6;
          return (
            <line
              // biome-ignore lint/suspicious/noArrayIndexKey: a fixed ring of twelve divisions
              key={index}
              x1={centre + Math.cos(angle) * 150}
              y1={centre + Math.sin(angle) * 150}
              x2={centre + Math.cos(angle) * 196}
              y2={centre + Math.sin(angle) * 196}
              strokeWidth="1"
            />
          );
        })}
      </g>
      <g fill="currentColor" fontSize="22" textAnchor="middle" dominantBaseline="central">
        {SIGNS.map((sign, index) => {
          const angle = ((index + 0.5) * Math.PI) / 6;
          return (
            <text key={sign} x={centre + Math.cos(angle) * 173} y={centre + Math.sin(angle) * 173}>
              {sign}
            </text>
          );
        })}
      </g>
      <circle cx={centre + 92} cy={centre} r="5" fill="currentColor" />
      <circle cx={centre - 40} cy={centre - 83} r="3.5" fill="currentColor" />
      <circle cx={centre} cy={centre} r="16" fill="currentColor" opacity="0.5" />
    </svg>
  );
}
