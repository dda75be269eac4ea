package sandbox

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
)

// Faults are the misbehaviours the sandbox can be switched into at run
// time (SetFaults, or POST /pay/sandbox/_faults in --dev). The zero value
// is a well-behaved gateway. They live in this node's memory; callback
// faults apply to callbacks queued while they are on.
type Faults struct {
	// DropCallbacks: callbacks are recorded as dropped and never sent (the
	// reconciler's query is the only way to learn the outcome).
	DropCallbacks bool `json:"drop_callbacks"`
	// DuplicateCallbacks: every callback is queued twice, same body.
	DuplicateCallbacks bool `json:"duplicate_callbacks"`
	// OutOfOrder: each round of delivery sends the newest callbacks first
	// (combine with DelayCallbacksMS to let several pile up).
	OutOfOrder bool `json:"out_of_order"`
	// DelayCallbacksMS holds each new callback back this long.
	DelayCallbacksMS int64 `json:"delay_callbacks_ms"`
	// Unavailable*: the call answers payment.ErrUnavailable (a time-out).
	UnavailableCreateOrder bool `json:"unavailable_create_order"`
	UnavailableQueryOrder  bool `json:"unavailable_query_order"`
	UnavailablePayOut      bool `json:"unavailable_pay_out"`
	UnavailableQueryPayout bool `json:"unavailable_query_payout"`
	// UnavailableAfterWrite: CreateOrder and PayOut under their fault do
	// their work first and then time out (the answer is lost, the order
	// or payout exists), instead of timing out before.
	UnavailableAfterWrite bool `json:"unavailable_after_write"`
	// DeclinePayouts: payouts complete as declined instead of paid.
	DeclinePayouts bool `json:"decline_payouts"`
}

// MaxDelayMS bounds DelayCallbacksMS (one hour).
const MaxDelayMS = 3_600_000

// Faults answers the faults switched on.
func (g *Gateway) Faults() Faults {
	g.faultMu.Lock()
	defer g.faultMu.Unlock()
	return g.faults
}

// SetFaults switches to f (the zero Faults switches everything off).
func (g *Gateway) SetFaults(f Faults) error {
	if f.DelayCallbacksMS < 0 || f.DelayCallbacksMS > MaxDelayMS {
		return fmt.Errorf("%w: delay_callbacks_ms must be 0-%d", ErrInvalid, MaxDelayMS)
	}
	g.faultMu.Lock()
	g.faults = f
	g.faultMu.Unlock()
	g.log.Info("sandbox: faults switched", "faults", fmt.Sprintf("%+v", f))
	return nil
}

// faultsHandler serves GET (the faults on) and POST (a whole new set: a
// JSON object of Faults' fields, absent ones off) of /pay/sandbox/_faults.
func (g *Gateway) faultsHandler(w http.ResponseWriter, r *http.Request) {
	if r.Method == http.MethodPost {
		body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, 4096))
		if err != nil {
			http.Error(w, "body too large", http.StatusRequestEntityTooLarge)
			return
		}
		dec := json.NewDecoder(bytes.NewReader(body))
		dec.DisallowUnknownFields()
		var f Faults
		if err := dec.Decode(&f); err != nil || dec.More() {
			http.Error(w, "want a JSON object of fault switches: "+errText(err), http.StatusBadRequest)
			return
		}
		if err := g.SetFaults(f); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	_ = json.NewEncoder(w).Encode(g.Faults())
}

func errText(err error) string {
	if err == nil {
		return "trailing data"
	}
	return err.Error()
}
