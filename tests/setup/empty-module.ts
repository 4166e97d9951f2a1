// `server-only` stands in for the real guard in Jest, where there is no React server bundler.
export {};
