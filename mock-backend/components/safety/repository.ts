/**
 * The safety component's SQL, one file per concern: reports, the report queue, decisions (statements of reasons and
 * their reversal) and appeals; notices are in notice-repository.ts, the automation's in automation-repository.ts.
 */
export * from './appeal-repository';
export * from './decision-repository';
export * from './queue-repository';
export * from './report-repository';
