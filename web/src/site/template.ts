/** The named mobile templates of spec section 2; an unknown name is H5_1. */
export const MOBILE_TEMPLATES = ['H5_1', 'H5_2', 'H5_3', 'H5_4', 'H5_5', 'H5_6', 'H5_7', 'H5_8'] as const;

export function mobileTemplateName(name: string | undefined): string {
  return name && (MOBILE_TEMPLATES as readonly string[]).includes(name) ? name : 'H5_1';
}
