// Setup of the `components` vitest project (vitest.config.ts): Testing Library's DOM matchers
// (toBeInTheDocument, toHaveTextContent, toBeDisabled…) on vitest's expect, and a clean document
// after every test, since the project does not turn on vitest's globals (which is how Testing
// Library would find afterEach by itself).
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => cleanup());

// findBy… and waitFor give up after 1 s by default; on a busy two-core machine a form's
// validation and a stubbed answer's render can take longer, and a test would fail for the
// machine, not the component. What it waits for is the same.
configure({ asyncUtilTimeout: 5_000 });
