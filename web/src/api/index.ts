// Server resources several features read (catalogue, member, register
// settings; the wallet comes with the money issue), each with its query
// options and one key factory (./keys).
export { keys, type CatalogueScope } from './keys';
export * from './catalogue';
export * from './use-catalogue';
export * from './member';
export * from './register-settings';
export * from './letters';
export * from './agreement';
