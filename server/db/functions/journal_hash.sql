-- A journal's content hash, as server/ledger/ledger.ts journalHash computes it: SHA-256 of the JSON
-- {"kind":…,"memo":…,"entries":[[account id,"amount"],…]} with the entries sorted by account. Every
-- writer of journals in SQL (wallet_partner_transfer, the income posting) calls this one, so a replay
-- compares like with like whichever path wrote the first journal; ledger.hash.test.ts proves the two equal.
create or replace function journal_hash(p_kind text, p_memo text, p_account_ids integer[], p_amounts bigint[]) returns text
  language sql immutable parallel safe as $$
    select encode(sha256(convert_to(
      '{"kind":' || to_json(p_kind)::text || ',"memo":' || coalesce(to_json(p_memo)::text, 'null') || ',"entries":[' ||
      coalesce((select string_agg(format('[%s,"%s"]', e.account_id, e.amount), ',' order by e.account_id)
        from unnest(p_account_ids, p_amounts) as e(account_id, amount)), '') || ']}', 'UTF8')), 'hex')
  $$
