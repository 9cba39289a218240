import { createServiceHandler } from '@/server/http/handler';
import { SERVICES } from '@/server/services';

// The COUNTER API 5.1 (/r51/... is rewritten here by next.config.js); the wrapper reads the query itself.
export const config = { api: { bodyParser: false, externalResolver: true } };

export default createServiceHandler('r51', SERVICES.r51);
