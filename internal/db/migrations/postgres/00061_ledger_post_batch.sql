-- +goose Up
-- Many postings in one statement: the ledger's batcher gathers the
-- postings of concurrent callers and posts them in one round trip and one
-- commit, where one statement each made PostgreSQL commit and answer each
-- apart. Entry i has the key, content and lines p_counts[i] (its lines
-- follow those of the entries before it in p_accounts and p_amounts, in
-- the ledger's lock order). Each entry runs in a block of its own, a
-- subtransaction: one a member account cannot cover is undone alone and
-- answered status 2; one whose key exists writes nothing and is answered
-- status 1 (the caller replays it); a posted one answers status 0 and a
-- row per line with its balance after. Two writers post batches at once:
-- each batch locks every account it touches first, in the ledger's lock
-- order (p_locks), so two batches sharing accounts queue, not deadlock.
-- +goose StatementBegin
CREATE FUNCTION ledger_post_batch(p_keys TEXT[], p_fingerprints TEXT[], p_kinds TEXT[], p_currencies TEXT[], p_references TEXT[],
    p_memos TEXT[], p_now BIGINT, p_counts INT[], p_accounts BIGINT[], p_amounts BIGINT[], p_locks BIGINT[])
RETURNS TABLE (out_entry INT, out_status INT, out_tx BIGINT, out_after BIGINT) LANGUAGE plpgsql AS $$
DECLARE
    v_first INT := 1;
    v_tx BIGINT;
    v_after BIGINT;
    v_afters BIGINT[];
BEGIN
    -- Every account of the batch is locked first, in the ledger's lock order
    -- (p_locks): two writers' batches then queue on a shared account in the
    -- order every other posting takes, instead of each holding one the
    -- other waits for.
    -- One statement: the rows are locked as the sort hands them out.
    PERFORM 1 FROM unnest(p_locks) WITH ORDINALITY AS l (id, n) JOIN ledger_accounts a ON a.id = l.id
    ORDER BY l.n FOR UPDATE OF a;
    FOR e IN 1 .. coalesce(array_length(p_keys, 1), 0) LOOP
        BEGIN
            INSERT INTO ledger_transactions (idem_key, fingerprint, kind, currency, reference, memo, created_at)
            VALUES (p_keys[e], p_fingerprints[e], p_kinds[e], p_currencies[e], p_references[e], p_memos[e], p_now)
            ON CONFLICT (idem_key) DO NOTHING RETURNING id INTO v_tx;
            IF v_tx IS NULL THEN
                out_entry := e; out_status := 1; out_tx := NULL; out_after := NULL;
                RETURN NEXT;
            ELSE
                v_afters := '{}';
                FOR i IN v_first .. v_first + p_counts[e] - 1 LOOP
                    UPDATE ledger_accounts SET balance = balance + p_amounts[i]
                    WHERE id = p_accounts[i] AND (guarded = FALSE OR balance + p_amounts[i] >= 0)
                    RETURNING balance INTO v_after;
                    IF NOT FOUND THEN
                        RAISE EXCEPTION 'ledger account % cannot cover %', p_accounts[i], p_amounts[i] USING ERRCODE = 'check_violation';
                    END IF;
                    INSERT INTO ledger_postings (tx_id, account_id, amount, balance_after, created_at)
                    VALUES (v_tx, p_accounts[i], p_amounts[i], v_after, p_now);
                    v_afters := v_afters || v_after;
                END LOOP;
                -- Rows leave only once every line stood: a row returned is
                -- not taken back when the block is.
                FOREACH v_after IN ARRAY v_afters LOOP
                    out_entry := e; out_status := 0; out_tx := v_tx; out_after := v_after;
                    RETURN NEXT;
                END LOOP;
            END IF;
        EXCEPTION WHEN check_violation THEN
            out_entry := e; out_status := 2; out_tx := NULL; out_after := NULL;
            RETURN NEXT;
        END;
        v_first := v_first + p_counts[e];
    END LOOP;
END
$$;
-- +goose StatementEnd

-- +goose Down
DROP FUNCTION ledger_post_batch;
