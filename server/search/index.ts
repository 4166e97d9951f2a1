import 'server-only';

export { searchProducts, suggestProducts, browseProducts, explainSearch, type SearchParams, type SearchPage, type SearchSort, type SortOrder } from './engine';
export { toSearchResultJson, toListingResultJson, type SearchResultJson, type ListingResultJson } from './serialize';
export { invalidateVocabulary } from './vocabulary';
