import { useIntl } from 'react-intl';

/**
 * What a streamed page shows until its data arrives (app/streamed.tsx): the page's heading and grey boxes of the
 * size of what follows (a grid of member cards or a list of rows), marked busy for assistive technology.
 */
export function PageSkeleton({ title, variant, count = 8 }: { title?: string; variant: 'grid' | 'list'; count?: number }) {
  const intl = useIntl();
  return (
    <div aria-busy="true" data-testid="page-skeleton">
      {title ? <h1 className="h3 fw-bold mb-3">{title}</h1> : null}
      <p role="status" className="visually-hidden">
        {intl.formatMessage({ id: 'common.loading', defaultMessage: 'Loading…' })}
      </p>
      {variant === 'grid' ? (
        <ul className="member-grid" aria-hidden="true">
          {Array.from({ length: count }, (_, i) => (
            <li key={i}>
              <div className="skeleton-card">
                <div className="skeleton-photo" />
                <div className="skeleton-line" />
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <div aria-hidden="true">
          {Array.from({ length: count }, (_, i) => (
            <div key={i} className="skeleton-row" />
          ))}
        </div>
      )}
    </div>
  );
}
