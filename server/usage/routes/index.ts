import { serviceRoutes } from '../../http/handler';
import { counterApiRoutes } from './counter-api';
import { feedRoutes } from './reports';

/** The COUNTER API 5.1 for libraries' harvesters, /r51/...: status, members, the report list and the reports. */
export const counterApiService = serviceRoutes('r51', {
  'usage/routes/counter-api': counterApiRoutes,
});

/** A library's KBART list and MARC records, /api/feeds/..., for its discovery service and catalogue, with a feed key. */
export const feedService = serviceRoutes('feeds', {
  'usage/routes/reports (feed keys)': feedRoutes,
});
