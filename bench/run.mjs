import { benchApi } from './api.mjs';
import { benchLighthouse } from './lighthouse.mjs';

/** `npm run bench`: every benchmark, each reporting ratios against a baseline measured in the same run. */
await benchApi();
await benchLighthouse();
