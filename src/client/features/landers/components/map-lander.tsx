import { FormattedMessage } from 'react-intl';
import { FreeNote, LanderPhoto, memberLine, SignupCta, type LanderProps } from './lander-parts';

/** Pin positions on the stylised map (percent of width/height), spread so they never overlap. */
const PINS: Array<[number, number]> = [
  [22, 30],
  [48, 22],
  [71, 35],
  [35, 55],
  [60, 62],
  [80, 70],
  [18, 72],
  [50, 80],
];

/** /landers/maplanding: a stylised map with members pinned near the visitor. */
export function MapLander({ members, topic }: LanderProps) {
  const pinned = members.slice(0, PINS.length);
  return (
    <section className="lander lander-map" data-variant="maplanding">
      <div className="container py-4">
        <header className="text-center mb-3">
          <h1 className="lander-title">
            {topic ? (
              <FormattedMessage id="lander.map.titlePlace" defaultMessage="Men near {place}" values={{ place: topic }} />
            ) : (
              <FormattedMessage id="lander.map.title" defaultMessage="Men near you" />
            )}
          </h1>
          <p className="lander-sub">
            <FormattedMessage id="lander.map.sub" defaultMessage="See who lives close by and meet without travelling far." />
          </p>
        </header>
        <div className="map-stage">
          <svg className="map-land" viewBox="0 0 100 100" preserveAspectRatio="none" aria-hidden="true" focusable="false">
            <path d="M5 40 C15 10 40 8 55 15 S90 10 95 35 S88 80 70 90 S30 98 15 85 S0 60 5 40Z" />
            <path className="map-road" d="M10 60 C30 50 45 70 60 55 S85 40 92 50" />
            <path className="map-road" d="M40 12 C42 35 38 60 45 95" />
          </svg>
          <ul className="list-unstyled mb-0">
            {pinned.map((m, i) => (
              <li key={m.id} className="map-pin" style={{ left: `${PINS[i]![0]}%`, top: `${PINS[i]![1]}%` }}>
                <LanderPhoto member={m} decorative />
                <span className="map-pin-label">{memberLine(m)}</span>
              </li>
            ))}
          </ul>
        </div>
        <div className="text-center mt-4">
          <SignupCta>
            <FormattedMessage id="lander.map.cta" defaultMessage="Show men near me" />
          </SignupCta>
          <FreeNote />
        </div>
      </div>
    </section>
  );
}
