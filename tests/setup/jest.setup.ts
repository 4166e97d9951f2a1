import '@testing-library/jest-dom';

// The log of searches with few results (server/search/search-log.ts) is written when a test flushes it, never on a timer.
process.env.SEARCH_LOG_FLUSH_MS = '0';
