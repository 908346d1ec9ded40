// The staff console's players, roles, audit log and figures.
export { staffRoutes } from './routes';
export { createStaffService, type StaffDeps } from './service';
