import { defineMessages, FormattedMessage, FormattedNumber, useIntl } from 'react-intl';
import { Alert } from 'reactstrap';
import { usePageResult } from '../../../lib/page-data';
import { statementsDownloadPath, transparencyCountsKey, type Period, type TransparencyCounts } from '../api/transparency';

const REASONS = defineMessages({
  fake_scam_spam: { id: 'transparency.reason.fakeScamSpam', defaultMessage: 'Fake profile, scam or spam' },
  harassment_hate: { id: 'transparency.reason.harassmentHate', defaultMessage: 'Harassment or hate' },
  unwanted_sexual: { id: 'transparency.reason.unwantedSexual', defaultMessage: 'Unwanted sexual content' },
  underage: { id: 'transparency.reason.underage', defaultMessage: 'Under 18' },
  illegal: { id: 'transparency.reason.illegal', defaultMessage: 'Illegal content' },
  other: { id: 'transparency.reason.other', defaultMessage: 'Other' },
});
const ACTIONS = defineMessages({
  dismiss: { id: 'transparency.action.dismiss', defaultMessage: 'No violation found' },
  remove_content: { id: 'transparency.action.removeContent', defaultMessage: 'Content removed' },
  warn: { id: 'transparency.action.warn', defaultMessage: 'Warning' },
  restrict: { id: 'transparency.action.restrict', defaultMessage: 'Account restricted' },
  suspend: { id: 'transparency.action.suspend', defaultMessage: 'Account suspended' },
  ban: { id: 'transparency.action.ban', defaultMessage: 'Account closed' },
  hide: { id: 'transparency.action.hide', defaultMessage: 'Hidden from search (automated)' },
});

function CountTable({ caption, rows }: { caption: string; rows: [string, number][] }) {
  const intl = useIntl();
  return (
    <table className="table table-sm mb-4">
      <caption className="caption-top fw-semibold text-body">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{intl.formatMessage({ id: 'transparency.column.kind', defaultMessage: 'Kind' })}</th>
          <th scope="col" className="text-end">
            {intl.formatMessage({ id: 'transparency.column.count', defaultMessage: 'Number' })}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([label, n]) => (
          <tr key={label}>
            <th scope="row" className="fw-normal">
              {label}
            </th>
            <td className="text-end">
              <FormattedNumber value={n} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Figures({ counts }: { counts: TransparencyCounts }) {
  const intl = useIntl();
  const reasons = Object.keys(REASONS) as (keyof typeof REASONS)[];
  const actions = Object.keys(ACTIONS) as (keyof typeof ACTIONS)[];
  return (
    <div data-testid="transparency-counts">
      <div className="row">
        <div className="col-12 col-md-6">
          <CountTable
            caption={intl.formatMessage({ id: 'transparency.reports', defaultMessage: 'Reports by reason' })}
            rows={[
              ...reasons.map((r): [string, number] => [intl.formatMessage(REASONS[r]), counts.reports_by_reason[r] ?? 0]),
              [intl.formatMessage({ id: 'transparency.notices', defaultMessage: 'Notices of illegal content' }), counts.notices],
            ]}
          />
        </div>
        <div className="col-12 col-md-6">
          <CountTable
            caption={intl.formatMessage({ id: 'transparency.actions', defaultMessage: 'Decisions by kind' })}
            rows={actions.map((a): [string, number] => [intl.formatMessage(ACTIONS[a]), counts.actions_by_kind[a] ?? 0])}
          />
        </div>
      </div>
      <dl className="row mb-0">
        <dt className="col-7 col-md-4 fw-normal">
          <FormattedMessage id="transparency.automated" defaultMessage="Taken by automated means" />
        </dt>
        <dd className="col-5 col-md-8">
          <FormattedNumber value={counts.automated_actions} />
        </dd>
        <dt className="col-7 col-md-4 fw-normal">
          <FormattedMessage id="transparency.median" defaultMessage="Median time from report to decision" />
        </dt>
        <dd className="col-5 col-md-8" data-testid="transparency-median">
          {counts.median_hours_to_decision === null ? (
            '–'
          ) : (
            <FormattedNumber
              value={counts.median_hours_to_decision}
              style="unit"
              unit="hour"
              unitDisplay="long"
              maximumFractionDigits={1}
            />
          )}
        </dd>
        <dt className="col-7 col-md-4 fw-normal">
          <FormattedMessage id="transparency.appeals" defaultMessage="Appeals filed, upheld, reversed, open" />
        </dt>
        <dd className="col-5 col-md-8">
          {[counts.appeals.filed, counts.appeals.upheld, counts.appeals.reversed, counts.appeals.open]
            .map((n) => intl.formatNumber(n))
            .join(' / ')}
        </dd>
        <dt className="col-7 col-md-4 fw-normal">
          <FormattedMessage id="transparency.reversals" defaultMessage="Decisions reversed" />
        </dt>
        <dd className="col-5 col-md-8">
          <FormattedNumber value={counts.reversals} />
        </dd>
      </dl>
    </div>
  );
}

/**
 * The transparency report of a period: a plain GET form for the period (works without JavaScript), the counts, and the
 * download of the period's statements of reasons in the DSA Transparency Database's shape.
 */
export function TransparencyReport({ period }: { period: Period }) {
  // The counts as the page's loader brought them: a new period is a new address, whose loader brings its counts.
  const { data, error } = usePageResult<TransparencyCounts>(transparencyCountsKey(period));
  return (
    <>
      <form method="get" className="row g-2 align-items-end mb-4" aria-labelledby="transparency-period">
        <h2 id="transparency-period" className="h6 col-12 mb-0">
          <FormattedMessage id="transparency.period" defaultMessage="Period" />
        </h2>
        <div className="col-6 col-md-3">
          <label htmlFor="transparency-from" className="form-label">
            <FormattedMessage id="transparency.from" defaultMessage="From" />
          </label>
          <input id="transparency-from" name="from" type="date" className="form-control" defaultValue={data?.from ?? period.from} />
        </div>
        <div className="col-6 col-md-3">
          <label htmlFor="transparency-to" className="form-label">
            <FormattedMessage id="transparency.to" defaultMessage="To" />
          </label>
          <input id="transparency-to" name="to" type="date" className="form-control" defaultValue={data?.to ?? period.to} />
        </div>
        <div className="col-12 col-md-6 d-flex flex-wrap gap-2">
          <button type="submit" className="btn btn-outline-primary">
            <FormattedMessage id="transparency.show" defaultMessage="Show" />
          </button>
          <a
            className="btn btn-primary"
            href={statementsDownloadPath(data ? { from: data.from, to: data.to } : period)}
            download
            data-testid="transparency-download"
          >
            <FormattedMessage id="transparency.download" defaultMessage="Download statements of reasons (JSON)" />
          </a>
        </div>
      </form>
      {error && !data ? (
        <Alert color="danger" fade={false}>
          <FormattedMessage id="error.generic.later" defaultMessage="An error occurred, please try again later." />
        </Alert>
      ) : null}
      {data ? <Figures counts={data} /> : null}
    </>
  );
}
