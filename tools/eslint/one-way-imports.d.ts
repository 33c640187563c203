import type { Rule } from 'eslint';

export interface Layer {
  kind: 'shared' | 'api' | 'api-base' | 'api-feature' | 'web-feature' | 'web-app' | 'web-base' | 'web-other' | 'other';
  folder?: string;
  feature?: string;
}
export declare function layerOf(file: string): Layer;
export declare function violation(from: Layer, to: Layer): string | null;
export declare const oneWayImports: Rule.RuleModule;
