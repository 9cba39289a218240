import { createServiceHandler } from '@/server/http/handler';
import { SERVICES } from '@/server/services';

// The wrapper reads the body itself, with its own size limit and error shape.
export const config = { api: { bodyParser: false, externalResolver: true } };

export default createServiceHandler('kosync', SERVICES.kosync);
