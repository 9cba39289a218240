import { COUNTRY_CODES } from '@/lib/country-codes';
import { route, type ServiceRoutes } from '../http/handler';

export const countryCodeRoutes: ServiceRoutes = {
  getCountryCodes: {
    GET: route({
      summary: 'Country calling codes with flags for mobile sign-in (SPEC §3 Country code entry)',
      auth: 'none',
      async handler() {
        return { status: 'success', data: COUNTRY_CODES };
      },
    }),
  },
};
