/** The information pages' face: the site's company details, as a page's loader brings them (the deletion's offer). */
export { companyInfoKey, type CompanyInfo } from './api/get-company-info';
