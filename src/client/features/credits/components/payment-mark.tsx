import type { ReactNode } from 'react';

/**
 * Payment-method marks: small brand-coloured tiles (48 × 32) drawn as inline SVG in the spirit of each brand's mark
 * (its colours and name), so a member recognises the method at a glance. They are decoration beside the method's
 * written name: hidden from screen readers. Methods without a mark of their own get their group's pictogram.
 */
const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif';

function Tile({ children, fill = '#fff', stroke }: { children: ReactNode; fill?: string; stroke?: string }) {
  return (
    <svg className="payment-mark" viewBox="0 0 48 32" width="48" height="32" aria-hidden="true" focusable="false">
      <rect x="0.5" y="0.5" width="47" height="31" rx="4" fill={fill} stroke={stroke ?? (fill === '#fff' ? '#c9c9d1' : fill)} />
      {children}
    </svg>
  );
}

/** A brand's name as its wordmark, centred; parts may carry their own colour. */
function Word({ parts, size = 11, italic = false, y = 20 }: { parts: [string, string][]; size?: number; italic?: boolean; y?: number }) {
  return (
    <text
      x="24"
      y={y}
      textAnchor="middle"
      fontFamily={FONT}
      fontSize={size}
      fontWeight="800"
      fontStyle={italic ? 'italic' : undefined}
      letterSpacing="-0.2"
    >
      {parts.map(([text, color]) => (
        <tspan key={text} fill={color}>
          {text}
        </tspan>
      ))}
    </text>
  );
}

const CARD = (
  <Tile fill="#1a4f8b">
    <rect x="7" y="10" width="9" height="7" rx="1.5" fill="#f2c14e" />
    <rect x="7" y="21" width="34" height="2.5" rx="1" fill="#ffffff" opacity="0.7" />
    <rect x="30" y="9" width="11" height="3" rx="1" fill="#ffffff" opacity="0.5" />
  </Tile>
);

const BANK = (
  <Tile>
    <g fill="none" stroke="#1f4e79" strokeWidth="2" strokeLinejoin="round" strokeLinecap="round">
      <path d="M13 12 24 6l11 6Z" fill="#1f4e79" />
      <path d="M16 14v9M22 14v9M27 14v9M33 14v9M12 26h24" />
    </g>
  </Tile>
);

const WALLET = (
  <Tile fill="#1f6f4a">
    <rect x="11" y="9" width="26" height="16" rx="3" fill="none" stroke="#fff" strokeWidth="2" />
    <path d="M29 15h8v5h-8a2.5 2.5 0 0 1 0-5Z" fill="#fff" />
  </Tile>
);

const VOUCHER = (
  <Tile fill="#6b3e00">
    <path d="M10 10h28v4a3 3 0 0 0 0 6v4H10v-4a3 3 0 0 0 0-6Z" fill="none" stroke="#fff" strokeWidth="2" strokeLinejoin="round" />
    <path d="M20 11v12" stroke="#fff" strokeWidth="1.5" strokeDasharray="2 2" />
  </Tile>
);

/** SEPA: the blue name under an arc of yellow stars (direct debit). */
const SEPA = (
  <Tile>
    {[10, 15, 20, 24, 28, 33, 38].map((x, i) => (
      <circle key={x} cx={x} cy={[11, 8.5, 7, 6.5, 7, 8.5, 11][i]} r="1.2" fill="#ffcc00" />
    ))}
    <Word parts={[['SEPA', '#10298e']]} size={12} y={25} />
  </Tile>
);

function Circles({ left, right, middle, fill = '#fff' }: { left: string; right: string; middle: string; fill?: string }) {
  return (
    <Tile fill={fill}>
      <circle cx="19" cy="16" r="9" fill={left} />
      <circle cx="29" cy="16" r="9" fill={right} />
      <path d="M24 8.5a9 9 0 0 1 0 15 9 9 0 0 1 0-15Z" fill={middle} />
    </Tile>
  );
}

const MARKS: Record<string, ReactNode> = {
  ideal: (
    <Tile>
      <Word
        parts={[
          ['iD', '#000'],
          ['EAL', '#cc0066'],
        ]}
        size={12}
      />
    </Tile>
  ),
  bancontact: (
    <Tile>
      <path d="M8 11h20l-5 6H6Z" fill="#005498" />
      <path d="M25 15h17l-5 6H20Z" fill="#ffd800" />
    </Tile>
  ),
  eps: (
    <Tile>
      <Word parts={[['eps', '#c8036f']]} size={15} italic />
    </Tile>
  ),
  przelewy24: (
    <Tile>
      <Word
        parts={[
          ['P', '#d13239'],
          ['24', '#b3b3b3'],
        ]}
        size={14}
      />
    </Tile>
  ),
  blik: (
    <Tile fill="#000">
      <Word parts={[['blik', '#fff']]} size={14} />
      <circle cx="36" cy="9" r="2.5" fill="#e52f5e" />
    </Tile>
  ),
  twint: (
    <Tile fill="#000">
      <Word parts={[['TWINT', '#fff']]} size={10} />
    </Tile>
  ),
  swish: (
    <Tile>
      <Word parts={[['swish', '#1e7ac2']]} size={12} />
    </Tile>
  ),
  vipps: (
    <Tile fill="#ff5b24">
      <Word parts={[['vipps', '#fff']]} size={13} />
    </Tile>
  ),
  mobilepay: (
    <Tile fill="#5a78ff">
      <Word parts={[['MobilePay', '#fff']]} size={7.5} />
    </Tile>
  ),
  satispay: (
    <Tile fill="#ef373f">
      <Word parts={[['satispay', '#fff']]} size={8.5} />
    </Tile>
  ),
  applepay: (
    <Tile fill="#000">
      <path
        d="M14.6 11.2c.5-.6.8-1.4.7-2.2-.7 0-1.6.5-2.1 1.1-.5.5-.8 1.3-.7 2.1.8.1 1.6-.4 2.1-1Zm.7 1.2c-1.2-.1-2.2.7-2.7.7-.6 0-1.4-.6-2.3-.6-1.2 0-2.3.7-2.9 1.8-1.3 2.2-.3 5.4.9 7.2.6.9 1.3 1.8 2.2 1.8.9 0 1.2-.6 2.3-.6s1.4.6 2.3.6c1 0 1.6-.9 2.1-1.8.7-1 1-1.9 1-2-.1 0-1.9-.7-1.9-2.8 0-1.7 1.4-2.6 1.5-2.6-.8-1.3-2.1-1.4-2.5-1.5Z"
        fill="#fff"
      />
      <text x="21" y="21" fontFamily={FONT} fontSize="11" fontWeight="600" fill="#fff">
        Pay
      </text>
    </Tile>
  ),
  paypal: (
    <Tile>
      <Word
        parts={[
          ['Pay', '#003087'],
          ['Pal', '#009cde'],
        ]}
        size={11}
        italic
      />
    </Tile>
  ),
  creditcard: CARD,
  visa: (
    <Tile fill="#1a1f71">
      <Word parts={[['VISA', '#fff']]} size={13} italic />
    </Tile>
  ),
  mastercard: <Circles left="#eb001b" right="#f79e1b" middle="#ff5f00" />,
  maestro: <Circles left="#0099df" right="#ed0006" middle="#6c6bbd" />,
  cartebancaire: (
    <Tile fill="#1b4f8e">
      <path d="M0.5 4.5a4 4 0 0 1 4-4H30L18 31.5H4.5a4 4 0 0 1-4-4Z" fill="#0d8a7e" />
      <Word parts={[['CB', '#fff']]} size={14} />
    </Tile>
  ),
  dankort: (
    <Tile fill="#ed1c24">
      <rect x="5" y="8" width="38" height="16" rx="8" fill="#fff" />
      <Word parts={[['Dankort', '#ed1c24']]} size={8.5} y={19} />
    </Tile>
  ),
  nexi: (
    <Tile>
      <Word parts={[['nexi', '#2d32aa']]} size={14} />
    </Tile>
  ),
  postepay: (
    <Tile fill="#ffe500">
      <Word parts={[['Postepay', '#0047bb']]} size={8.5} />
    </Tile>
  ),
  banktransfer: BANK,
  paysafecard: (
    <Tile fill="#008ac9">
      <Word parts={[['paysafecard', '#fff']]} size={6.5} />
    </Tile>
  ),
  directdebit: SEPA,
  giropay: (
    <Tile>
      <rect x="24" y="7" width="19" height="18" rx="2" fill="#000268" />
      <text x="6" y="20" fontFamily={FONT} fontSize="10" fontWeight="800" fill="#000268">
        giro
      </text>
      <text x="26" y="20" fontFamily={FONT} fontSize="10" fontWeight="800" fill="#fff">
        pay
      </text>
    </Tile>
  ),
  sofort: (
    <Tile fill="#ffb3c7">
      <Word parts={[['SOFORT', '#17120f']]} size={9.5} />
    </Tile>
  ),
  klarna: (
    <Tile fill="#ffb3c7">
      <Word parts={[['Klarna.', '#17120f']]} size={10} />
    </Tile>
  ),
};

const GROUP_MARKS: Record<string, ReactNode> = { card: CARD, bank: BANK, wallet: WALLET, voucher: VOUCHER, directdebit: SEPA };

/** Whether a method has a mark of its own (not only its group's pictogram). */
export const hasOwnMark = (id: string): boolean => id in MARKS;

/** The mark of a payment method: its own, else its group's pictogram, else a card's. */
export function PaymentMark({ method, group }: { method: string; group?: string | undefined }) {
  return <span className="payment-method-mark">{MARKS[method] ?? (group ? GROUP_MARKS[group] : undefined) ?? CARD}</span>;
}
