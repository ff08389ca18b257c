import { configure } from '@testing-library/dom';

/**
 * Component tests run beside the browser files on two busy cores, where a first render that loads a route's loader,
 * its lazy module and its messages can take longer than Testing Library's default second. A `findBy…` or `waitFor`
 * still returns as soon as what it waits for is there; only a failure takes the whole time.
 */
configure({ asyncUtilTimeout: 5_000 });
