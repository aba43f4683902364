// Tables of the files area (issue 3). Re-exported by schema.ts so Drizzle and the migrations see them.
export {};
