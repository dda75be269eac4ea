-- +goose Up
-- One posting in one statement, so that a posting outside a caller's
-- transaction costs PostgreSQL one round trip and one commit: the
-- transaction under its key (nothing more when the key exists: the caller
-- replays it), then each line's conditional update and posting in the
-- order given (the ledger's global lock order). A member account that
-- cannot cover its debit raises check_violation, which undoes the whole
-- statement, as the CHECK on ledger_accounts would.
-- +goose StatementBegin
CREATE FUNCTION ledger_post(p_key TEXT, p_fingerprint TEXT, p_kind TEXT, p_currency TEXT, p_reference TEXT, p_memo TEXT,
    p_now BIGINT, p_accounts BIGINT[], p_amounts BIGINT[])
RETURNS TABLE (out_tx BIGINT, out_after BIGINT) LANGUAGE plpgsql AS $$
DECLARE
    v_tx BIGINT;
    v_after BIGINT;
BEGIN
    INSERT INTO ledger_transactions (idem_key, fingerprint, kind, currency, reference, memo, created_at)
    VALUES (p_key, p_fingerprint, p_kind, p_currency, p_reference, p_memo, p_now)
    ON CONFLICT (idem_key) DO NOTHING RETURNING id INTO v_tx;
    IF v_tx IS NULL THEN
        RETURN;
    END IF;
    FOR i IN 1 .. array_length(p_accounts, 1) LOOP
        UPDATE ledger_accounts SET balance = balance + p_amounts[i]
        WHERE id = p_accounts[i] AND (guarded = FALSE OR balance + p_amounts[i] >= 0)
        RETURNING balance INTO v_after;
        IF NOT FOUND THEN
            RAISE EXCEPTION 'ledger account % cannot cover %', p_accounts[i], p_amounts[i] USING ERRCODE = 'check_violation';
        END IF;
        INSERT INTO ledger_postings (tx_id, account_id, amount, balance_after, created_at)
        VALUES (v_tx, p_accounts[i], p_amounts[i], v_after, p_now);
        out_tx := v_tx;
        out_after := v_after;
        RETURN NEXT;
    END LOOP;
END
$$;
-- +goose StatementEnd

-- +goose Down
DROP FUNCTION ledger_post;
