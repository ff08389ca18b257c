/** The safety feature's face: what other features use of it (the report menu and page, the suspension notice). */
export { ReportMenu } from './components/report-menu';
export { isSuspension, SuspensionNotice } from './components/suspension-notice';
export { reportPagePath } from './report-path';
