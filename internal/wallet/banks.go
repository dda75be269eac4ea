package wallet

import (
	"context"
	"strconv"
	"strings"
	"unicode"

	"gamehall/internal/api"
)

// Bank is a bank a member of one currency may withdraw to.
type Bank struct {
	Code string `json:"code"`
	Name string `json:"name"`
}

// Digits is an account number rule: digits only, from Min to Max of them.
// The client words it in the reader's language from these two numbers.
type Digits struct {
	Min int `json:"min"`
	Max int `json:"max"`
}

// String is the rule in English, for the operator and the error detail.
func (d Digits) String() string {
	if d.Min == d.Max {
		return strconv.Itoa(d.Min) + " digits"
	}
	return strconv.Itoa(d.Min) + " to " + strconv.Itoa(d.Max) + " digits"
}

func (d Digits) match(no string) bool {
	return len(no) >= d.Min && len(no) <= d.Max && strings.IndexFunc(no, func(r rune) bool { return r < '0' || r > '9' }) < 0
}

// bankRules are the banks per currency and the account number format of
// each currency. The list is the operator's to grow; these are the demo's.
var bankRules = map[string]struct {
	banks  []Bank
	digits Digits
}{
	"USD": {[]Bank{{"CHASE", "JPMorgan Chase"}, {"BOFA", "Bank of America"}, {"WELLS", "Wells Fargo"}, {"CITI", "Citibank"}},
		Digits{8, 17}},
	"RMB": {[]Bank{{"ICBC", "中国工商银行"}, {"CCB", "中国建设银行"}, {"ABC", "中国农业银行"}, {"BOC", "中国银行"}},
		Digits{16, 19}},
	"VND": {[]Bank{{"VCB", "Vietcombank"}, {"TCB", "Techcombank"}, {"BIDV", "BIDV"}, {"ACB", "ACB"}},
		Digits{8, 19}},
	"THB": {[]Bank{{"BBL", "Bangkok Bank"}, {"KBANK", "Kasikornbank"}, {"SCB", "Siam Commercial Bank"}},
		Digits{10, 12}},
	"INR": {[]Bank{{"SBI", "State Bank of India"}, {"HDFC", "HDFC Bank"}, {"ICICI", "ICICI Bank"}},
		Digits{9, 18}},
	"JPY": {[]Bank{{"MUFG", "MUFG Bank"}, {"SMBC", "Sumitomo Mitsui"}, {"MIZUHO", "Mizuho Bank"}},
		Digits{7, 7}},
	"WON": {[]Bank{{"KB", "KB Kookmin"}, {"SHINHAN", "Shinhan Bank"}, {"WOORI", "Woori Bank"}},
		Digits{10, 14}},
}

// Banks lists the banks of a currency and the account number rule.
func (s *Service) Banks(currency string) ([]Bank, Digits, bool) {
	r, ok := bankRules[currency]
	if !ok {
		return []Bank{}, Digits{}, false
	}
	return r.banks, r.digits, true
}

// BankAccount is a member's bound account; the number is masked but for
// its last four digits.
type BankAccount struct {
	ID         int64  `json:"id"`
	BankCode   string `json:"bank_code"`
	BankName   string `json:"bank_name"`
	AccountNo  string `json:"account_no"`
	HolderName string `json:"holder_name"`
	CreatedAt  string `json:"created_at"`
	accountNo  string
}

func maskAccount(no string) string {
	if len(no) <= 4 {
		return no
	}
	return strings.Repeat("*", len(no)-4) + no[len(no)-4:]
}

func bankName(currency, code string) string {
	for _, b := range bankRules[currency].banks {
		if b.Code == code {
			return b.Name
		}
	}
	return code
}

// BankAccounts lists the member's accounts.
func (s *Service) BankAccounts(ctx context.Context, memberID int64, currency string) ([]BankAccount, error) {
	return s.store.bankAccounts(ctx, memberID, currency)
}

// BindInput is what BindAccount binds.
type BindInput struct {
	BankCode   string `json:"bank_code"`
	AccountNo  string `json:"account_no"`
	HolderName string `json:"holder_name"`
}

// normName compares holder names as people write them: case, spaces and
// accents aside.
func normName(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if !unicode.IsSpace(r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// BindBankAccount binds an account of the member's currency: a bank of the
// currency's list, the currency's number format, the holder named as the
// member is, at most the site's number of accounts.
func (s *Service) BindBankAccount(ctx context.Context, siteID, memberID int64, currency string, in BindInput) (BankAccount, error) {
	rule, ok := bankRules[currency]
	if !ok {
		return BankAccount{}, ErrBankUnknown
	}
	in.BankCode = strings.ToUpper(strings.TrimSpace(in.BankCode))
	known := false
	for _, b := range rule.banks {
		known = known || b.Code == in.BankCode
	}
	if !known {
		return BankAccount{}, ErrBankUnknown
	}
	in.AccountNo = strings.ReplaceAll(strings.TrimSpace(in.AccountNo), " ", "")
	if !rule.digits.match(in.AccountNo) {
		return BankAccount{}, ErrAccountNoInvalid.With(rule.digits.String())
	}
	name, _, err := s.members.Holder(ctx, memberID)
	if err != nil {
		return BankAccount{}, err
	}
	if strings.TrimSpace(name) == "" || normName(in.HolderName) != normName(name) {
		return BankAccount{}, ErrHolderMismatch
	}
	settings, err := s.store.settings(ctx, siteID)
	if err != nil {
		return BankAccount{}, err
	}
	var out BankAccount
	err = s.db.Tx(ctx, func(ctx context.Context) error {
		// A slot is reserved (one conditional increment) before the account
		// is added, so parallel binds cannot pass the limit together.
		ok, err := s.store.reserveBankSlot(ctx, memberID, settings.MaxBankAccounts)
		if err != nil {
			return err
		}
		if !ok {
			return ErrBankLimit
		}
		out, err = s.store.insertBankAccount(ctx, memberID, currency, in, strings.TrimSpace(name), s.now().UTC().UnixMicro())
		if isConflict(err) {
			return ErrBankDuplicate
		}
		return err
	})
	return out, err
}

// Settings are a site's wallet rules.
type Settings struct {
	BankBeforeDeposit bool `json:"bank_before_deposit"`
	MaxBankAccounts   int  `json:"max_bank_accounts"`
}

func defaultSettings() Settings { return Settings{MaxBankAccounts: 3} }

// NeedsBank reports whether the member must bind a bank account before a
// deposit (need_bank_account_deposit_verified of the member layout).
func (s *Service) NeedsBank(ctx context.Context, siteID, memberID int64, currency string) (bool, error) {
	st, err := s.store.settings(ctx, siteID)
	if err != nil || !st.BankBeforeDeposit {
		return false, err
	}
	accounts, err := s.store.bankAccounts(ctx, memberID, currency)
	return len(accounts) == 0, err
}

func checkSettings(st Settings) error {
	if st.MaxBankAccounts < 1 || st.MaxBankAccounts > 20 {
		return api.Bad("max_bank_accounts", "must be 1 to 20")
	}
	return nil
}

// HolderNames are the holder names of the member's bank accounts in
// currency (the recommend feature compares them across members).
func (s *Service) HolderNames(ctx context.Context, memberID int64, currency string) ([]string, error) {
	list, err := s.store.bankAccounts(ctx, memberID, currency)
	if err != nil {
		return nil, err
	}
	out := make([]string, len(list))
	for i, b := range list {
		out[i] = b.HolderName
	}
	return out, nil
}

// PaidDeposits counts the member's paid deposits; inside the transaction
// that credits one, it is counted.
func (s *Service) PaidDeposits(ctx context.Context, memberID int64) (int, error) {
	return s.store.paidDeposits(ctx, memberID)
}
