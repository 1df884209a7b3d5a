import { MANAGEMENT_KINDS, managementTokenPage } from './management-token-page';

const page = managementTokenPage(MANAGEMENT_KINDS.maxOverdraft);
export const prefetch = page.prefetch;
export default page.Page;
