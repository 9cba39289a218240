import { receiveCspReport } from '@/server/security/csp-report';

// The body is read as sent (and its size checked) by the handler: Next's parser would take any size and type.
export const config = { api: { bodyParser: false } };

export default receiveCspReport;
