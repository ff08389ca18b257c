/** The information pages' face: the site's company details (for the deletion's offer). */
export { useCompanyInfo } from './api/get-company-info';
