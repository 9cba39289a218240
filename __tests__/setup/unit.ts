import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// findBy*/waitFor give up after 1 s by default; on a loaded 2-core CI machine a screen's first fetch through msw and
// a dynamic import took longer (Payments.test.tsx failed once that way). Waiting longer changes no assertion.
configure({ asyncUtilTimeout: 5_000 });
