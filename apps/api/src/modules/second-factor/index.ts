// The staff second factor (TOTP) and step-up: decision record 029.
export { secondFactorRoutes } from './routes';
export { createSecondFactorService, type SecondFactorService } from './service';
export { openSecret, secondFactorKey, sealSecret } from './secret-box';
export { adminResetApplier, resetSecondFactor } from './reset';
