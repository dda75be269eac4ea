export { RecommendMemberSearch } from './components/RecommendMemberSearch';
export { RecommendProject } from './components/RecommendProject';
export { RecommendRecord } from './components/RecommendRecord';
export { useRecommendFeature } from './hooks/useReferral';
