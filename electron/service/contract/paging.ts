/**
 * Paging shared by the two list answers. Get Locations names the page `pageNumber`, Search
 * Shipments names it `pageIndex`; each record adds its own name to this tail. The client
 * needs the page size and total count; the other three can be derived from them, so a
 * service that leaves them out is still understood.
 */
import * as z from 'zod';

export const pagingTail = {
  pageSize: z.number().int(),
  totalCount: z.number().int(),
  totalPages: z.number().int().optional(),
  hasPreviousPage: z.boolean().optional(),
  hasNextPage: z.boolean().optional(),
};

/** Largest page and batch the sandbox accepts (the spec shows no limits). */
export const LIMITS = {
  maxPageSize: 100,
  maxBatchSize: 50,
  maxPackages: 50,
  maxBodyBytes: 1_048_576,
  /** Search Shipments: each filter is a SQL condition, each sort term an ORDER BY column. */
  maxSearchFilters: 20,
  maxSearchSortTerms: 10,
} as const;
