import { adminPricingEndpoints, pricingEndpoints } from '@skydesk/contract';
import { api } from '../../shared/http/api';
import { contractMutation, contractQuery } from '../../shared/http/contract-endpoints';

/**
 * Issue 33: the agency's markup rules, service fees, preview and earnings settings
 * (docs/api.md `/api/pricing/*`), and the operator's platform rules (`/api/admin/pricing/*`) — the
 * same rule engine, so the same screens (rule-board.tsx) drive both. Field errors of a rule land on
 * the editor's fields, so the writes are not toasted.
 */
export const pricingApi = api.injectEndpoints({
  endpoints: (build) => ({
    pricingRules: contractQuery(build, pricingEndpoints.listRules, { providesTags: ['PricingRules'] }),
    createPricingRule: contractMutation(build, pricingEndpoints.createRule, {
      suppressErrors: true,
      invalidatesTags: (rule) => (rule ? ['PricingRules'] : []),
    }),
    updatePricingRule: contractMutation(build, pricingEndpoints.updateRule, {
      suppressErrors: true,
      invalidatesTags: (rule) => (rule ? ['PricingRules'] : []),
    }),
    deletePricingRule: contractMutation(build, pricingEndpoints.deleteRule, {
      suppressErrors: true,
      invalidatesTags: (done) => (done ? ['PricingRules'] : []),
    }),
    reorderPricingRules: contractMutation(build, pricingEndpoints.reorderRules, {
      invalidatesTags: ['PricingRules'],
    }),
    pricingPreview: contractMutation(build, pricingEndpoints.preview, { suppressErrors: true }),
    // Read quietly: the issue step does without it (the net as the floor), the Pricing screen says it failed.
    pricingSettings: contractQuery(build, pricingEndpoints.settings, {
      suppressErrors: true,
      providesTags: ['PricingSettings'],
    }),
    updatePricingSettings: contractMutation(build, pricingEndpoints.updateSettings, {
      suppressErrors: true,
      invalidatesTags: (settings) => (settings ? ['PricingSettings'] : []),
    }),

    adminPricingRules: contractQuery(build, adminPricingEndpoints.listRules, {
      providesTags: ['AdminPricingRules'],
    }),
    createAdminPricingRule: contractMutation(build, adminPricingEndpoints.createRule, {
      suppressErrors: true,
      invalidatesTags: (rule) => (rule ? ['AdminPricingRules'] : []),
    }),
    updateAdminPricingRule: contractMutation(build, adminPricingEndpoints.updateRule, {
      suppressErrors: true,
      invalidatesTags: (rule) => (rule ? ['AdminPricingRules'] : []),
    }),
    deleteAdminPricingRule: contractMutation(build, adminPricingEndpoints.deleteRule, {
      suppressErrors: true,
      invalidatesTags: (done) => (done ? ['AdminPricingRules'] : []),
    }),
    reorderAdminPricingRules: contractMutation(build, adminPricingEndpoints.reorderRules, {
      invalidatesTags: ['AdminPricingRules'],
    }),
    adminPricingPreview: contractMutation(build, adminPricingEndpoints.preview, { suppressErrors: true }),
  }),
});

/** Whose rules a board shows: the agency's own (with fees) or the platform's (suppliers, no fees). */
export type RuleOwner = 'agency' | 'platform';

/**
 * The calls of each owner, picked once by the board's fixed `owner` prop (a board never changes
 * owner, so the hooks it calls are always the same ones).
 */
export const RULE_CALLS = {
  agency: {
    useRules: pricingApi.usePricingRulesQuery,
    useCreate: pricingApi.useCreatePricingRuleMutation,
    useUpdate: pricingApi.useUpdatePricingRuleMutation,
    useDelete: pricingApi.useDeletePricingRuleMutation,
    useReorder: pricingApi.useReorderPricingRulesMutation,
    usePreview: pricingApi.usePricingPreviewMutation,
  },
  platform: {
    useRules: pricingApi.useAdminPricingRulesQuery,
    useCreate: pricingApi.useCreateAdminPricingRuleMutation,
    useUpdate: pricingApi.useUpdateAdminPricingRuleMutation,
    useDelete: pricingApi.useDeleteAdminPricingRuleMutation,
    useReorder: pricingApi.useReorderAdminPricingRulesMutation,
    usePreview: pricingApi.useAdminPricingPreviewMutation,
  },
} as const;
