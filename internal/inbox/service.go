// Package inbox holds the members' letters: a letter goes to one member, a
// list of accounts or every member of a currency; each member reads and
// deletes their own. A broadcast is one row whatever the number of members
// (their read or deleted state is written only when they act), so sending
// one never holds the writer for long.
package inbox

import (
	"context"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"gamehall/internal/api"
	"gamehall/internal/db"
	"gamehall/internal/i18n"
	"gamehall/internal/sanitize"
)

// Filters of the list's active field.
const (
	ActiveAll    = 0
	ActiveUnread = 1
	ActiveRead   = 2
)

// Limits of a letter.
const (
	MaxTitle      = 200
	MaxContent    = 20_000
	MaxAccounts   = 10_000
	MaxPageSize   = 100
	DefaultCount  = 50
	maxPageNumber = 10_000
)

// ErrNotFound is a letter id the member does not have: unknown, another
// member's, or deleted.
var ErrNotFound = api.NewError(101, "letter_not_found")

// Member is the caller.
type Member struct {
	SiteID   int64
	ID       int64
	Currency string
	// quiet are the spans [from, to) (to 0: open) whose broadcasts do not
	// reach the member: their time-outs and self-exclusions.
	quiet [][2]int64
}

// Quiet answers the spans in which marketing letters (broadcasts) do not
// reach a member (exclusion.Service); letters to the member by name still
// do.
type Quiet interface {
	QuietSpans(ctx context.Context, memberID int64) ([][2]int64, error)
}

// WithQuiet sets who says when broadcasts keep away from a member.
func (s *Service) WithQuiet(q Quiet) *Service {
	s.quiet = q
	return s
}

// hush fills m's quiet spans.
func (s *Service) hush(ctx context.Context, m Member) (Member, error) {
	if s.quiet == nil {
		return m, nil
	}
	spans, err := s.quiet.QuietSpans(ctx, m.ID)
	m.quiet = spans
	return m, err
}

// Sites is what the inbox needs of the tenant.
type Sites interface {
	DefaultLanguageOf(ctx context.Context, siteID int64) (string, error)
	CurrencyExponent(ctx context.Context, siteID int64, code string) (int, bool, error)
}

// Members finds a member by account (member.Service).
type Members interface {
	Account(ctx context.Context, siteID int64, account string) (int64, string, error)
}

// Publisher sends real-time events (realtime.Hub).
type Publisher interface {
	Publish(channel, event string, data map[string]any)
	PublishMember(memberID int64, event string, data map[string]any)
}

// Service is the inbox's rules.
type Service struct {
	db      *db.DB
	store   *Store
	sites   Sites
	members Members
	pub     Publisher
	now     func() time.Time
	quiet   Quiet // nil: no member is kept from broadcasts
}

// NewService returns the inbox on d.
func NewService(d *db.DB, sites Sites, members Members, pub Publisher, now func() time.Time) *Service {
	return &Service{db: d, store: &Store{db: d}, sites: sites, members: members, pub: pub, now: now}
}

// Query is the list's body (also destroy's).
type Query struct {
	Active    int    `json:"active"`
	Count     int    `json:"count"`
	Language  string `json:"language"`
	Page      int    `json:"page"`
	SiteID    int64  `json:"site_id"`
	SortField string `json:"sort_field"`
	SortOrder string `json:"sort_order"`
	// ID names one letter for destroy (0: every letter the filter selects).
	ID int64 `json:"id"`
}

func (q *Query) check() error {
	if q.Active < ActiveAll || q.Active > ActiveRead {
		return api.Bad("active", "must be 0 (all), 1 (unread) or 2 (read)")
	}
	if q.Count == 0 {
		q.Count = DefaultCount
	}
	if q.Count < 1 || q.Count > MaxPageSize {
		return api.Bad("count", "must be between 1 and 100")
	}
	if q.Page == 0 {
		q.Page = 1
	}
	if q.Page < 1 || q.Page > maxPageNumber {
		return api.Bad("page", "must be between 1 and 10000")
	}
	switch q.SortField {
	case "", "id", "created_at":
	default:
		return api.Bad("sort_field", "must be id or created_at")
	}
	switch strings.ToLower(q.SortOrder) {
	case "", "desc", "asc":
	default:
		return api.Bad("sort_order", "must be asc or desc")
	}
	if q.ID < 0 {
		return api.Invalid("id", nil)
	}
	return nil
}

// Letter is one letter of the list.
type Letter struct {
	ID        int64  `json:"id"`
	Title     string `json:"title"`
	Content   string `json:"content"`
	IsRead    int    `json:"is_read"`
	CreatedAt string `json:"created_at"`
}

// List is the /arks/web/member/letter answer.
type List struct {
	List        []Letter `json:"list"`
	TotalCount  int64    `json:"total_count"`
	UnreadCount int64    `json:"unread_count"`
}

// List is the member's letters, newest first unless asked otherwise, in the
// asked language with the site's default and English as fallbacks. The
// page and the counts read ids and flags from indexes; only the page's
// texts are read.
func (s *Service) List(ctx context.Context, m Member, q Query, lang string) (List, error) {
	if err := q.check(); err != nil {
		return List{}, err
	}
	m, err := s.hush(ctx, m)
	if err != nil {
		return List{}, err
	}
	def, err := s.sites.DefaultLanguageOf(ctx, m.SiteID)
	if err != nil {
		return List{}, err
	}
	page, err := s.store.page(ctx, m, q.Active, strings.EqualFold(q.SortOrder, "asc"), q.Count, (q.Page-1)*q.Count)
	if err != nil {
		return List{}, err
	}
	total, unread, err := s.store.counts(ctx, m)
	if err != nil {
		return List{}, err
	}
	switch q.Active {
	case ActiveUnread:
		total = unread
	case ActiveRead:
		total -= unread
	}
	ids := make([]int64, len(page))
	for i, h := range page {
		ids[i] = h.ID
	}
	texts, err := s.store.texts(ctx, ids)
	if err != nil {
		return List{}, err
	}
	out := List{List: make([]Letter, len(page)), TotalCount: total, UnreadCount: unread}
	for i, h := range page {
		r := texts[h.ID]
		out.List[i] = Letter{ID: h.ID, Title: i18n.Pick(r.TitleI18n, q.Language, lang, def),
			// Rebuilt on the way out too, so a row written any other way
			// cannot reach a browser unsanitised.
			Content: sanitize.HTML(i18n.Pick(r.ContentI18n, q.Language, lang, def)),
			IsRead:  api.Flag(h.IsRead), CreatedAt: api.FormatTime(r.CreatedAt)}
	}
	return out, nil
}

// unread is the member's number of unread letters.
func (s *Service) unread(ctx context.Context, m Member) (int64, error) {
	m, err := s.hush(ctx, m)
	if err != nil {
		return 0, err
	}
	_, n, err := s.store.counts(ctx, m)
	return n, err
}

// Change is the answer of read and destroy.
type Change struct {
	ID          int64 `json:"id,omitempty"`
	Changed     int64 `json:"changed"`
	UnreadCount int64 `json:"unread_count"`
}

// Read marks one of the member's letters read; reading it again changes
// nothing.
func (s *Service) Read(ctx context.Context, m Member, id int64) (Change, error) {
	if id <= 0 {
		return Change{}, api.Invalid("id", nil)
	}
	m, err := s.hush(ctx, m)
	if err != nil {
		return Change{}, err
	}
	var out Change
	err = s.db.Tx(ctx, func(ctx context.Context) error {
		isRead, broadcast, ok, err := s.store.state(ctx, m, id)
		if err != nil {
			return err
		}
		if !ok {
			return ErrNotFound
		}
		if !isRead {
			if err := s.store.mark(ctx, m.ID, id, true, false, broadcast); err != nil {
				return err
			}
			out.Changed = 1
			s.db.AfterCommit(ctx, func() { s.pub.PublishMember(m.ID, "letter", map[string]any{"action": "read", "id": id}) })
		}
		out.UnreadCount, err = s.unread(ctx, m)
		return err
	})
	out.ID = id
	return out, err
}

// Destroy deletes one letter (q.ID) or every letter q's filter selects.
func (s *Service) Destroy(ctx context.Context, m Member, q Query) (Change, error) {
	if err := q.check(); err != nil {
		return Change{}, err
	}
	m, err := s.hush(ctx, m)
	if err != nil {
		return Change{}, err
	}
	var out Change
	err = s.db.Tx(ctx, func(ctx context.Context) error {
		if q.ID > 0 {
			_, broadcast, ok, err := s.store.state(ctx, m, q.ID)
			if err != nil {
				return err
			}
			if !ok {
				return ErrNotFound
			}
			if err := s.store.mark(ctx, m.ID, q.ID, false, true, broadcast); err != nil {
				return err
			}
			out.ID, out.Changed = q.ID, 1
		} else {
			n, err := s.store.deleteAll(ctx, m, q.Active)
			if err != nil {
				return err
			}
			out.Changed = n
		}
		if out.Changed > 0 {
			data := map[string]any{"action": "delete"}
			if q.ID > 0 {
				data["id"] = q.ID
			}
			s.db.AfterCommit(ctx, func() { s.pub.PublishMember(m.ID, "letter", data) })
		}
		var err error
		out.UnreadCount, err = s.unread(ctx, m)
		return err
	})
	return out, err
}

// Audience kinds of a letter.
const (
	ToMember   = "member"
	ToAccounts = "accounts"
	ToCurrency = "currency"
)

// SendInput is the operator's letter. Title and Content are per language
// (Content is HTML, sanitised here).
type SendInput struct {
	To       string            `json:"to"`
	Account  string            `json:"account"`
	Accounts []string          `json:"accounts"`
	Currency string            `json:"currency"`
	Title    map[string]string `json:"title"`
	Content  map[string]string `json:"content" maxlen:"20000"`
}

// Recipients is a checked letter with its recipients found: what Send
// writes. Resolve reads; Send writes, so the write holds the database only
// for its inserts.
type Recipients struct {
	siteID   int64
	currency string
	members  []int64
	title    string
	content  string
	// Unknown are accounts of the list that are not members of the site.
	Unknown []string
}

// Resolve checks a letter and finds its recipients.
func (s *Service) Resolve(ctx context.Context, siteID int64, in SendInput) (Recipients, error) {
	title, content, err := texts(in.Title, in.Content)
	if err != nil {
		return Recipients{}, err
	}
	out := Recipients{siteID: siteID, title: title, content: content}
	switch in.To {
	case ToCurrency:
		_, ok, err := s.sites.CurrencyExponent(ctx, siteID, in.Currency)
		if err != nil {
			return Recipients{}, err
		}
		if !ok {
			return Recipients{}, api.Bad("currency", "is not a currency of the site")
		}
		out.currency = in.Currency
		return out, nil
	case ToMember:
		if in.Account == "" {
			return Recipients{}, api.Bad("account", "is required")
		}
		in.Accounts = []string{in.Account}
	case ToAccounts:
		if len(in.Accounts) == 0 || len(in.Accounts) > MaxAccounts {
			return Recipients{}, api.Bad("accounts", "must list 1 to 10000 accounts")
		}
	default:
		return Recipients{}, api.Bad("to", "must be member, accounts or currency")
	}
	seen := make(map[int64]bool, len(in.Accounts))
	for _, acc := range in.Accounts {
		id, _, err := s.members.Account(ctx, siteID, acc)
		if err != nil {
			if e, ok := api.AsError(err); ok && e.Code != api.CodeInternal && e.Code != api.CodeBusy {
				out.Unknown = append(out.Unknown, acc)
				continue
			}
			return Recipients{}, err
		}
		if !seen[id] {
			seen[id] = true
			out.members = append(out.members, id)
		}
	}
	if len(out.members) == 0 {
		return Recipients{}, api.Bad("accounts", "no member of the site has these accounts")
	}
	if in.To == ToMember && len(out.Unknown) > 0 {
		return Recipients{}, api.Bad("account", "is not a member of the site")
	}
	return out, nil
}

// texts checks and stores a letter's title and (sanitised) content.
func texts(title, content map[string]string) (string, string, error) {
	if len(title) == 0 {
		return "", "", api.Bad("title", "is required in at least one language")
	}
	clean := map[string]string{}
	for lang, t := range title {
		t = strings.TrimSpace(t)
		if !validLang(lang) || t == "" || utf8.RuneCountInString(t) > MaxTitle {
			return "", "", api.Bad("title", "each language needs a known code and 1 to 200 characters")
		}
		clean[lang] = t
	}
	body := map[string]string{}
	for lang, c := range content {
		if !validLang(lang) || len(c) > MaxContent {
			return "", "", api.Bad("content", "each language needs a known code and at most 20000 bytes")
		}
		body[lang] = sanitize.HTML(c)
	}
	return i18n.Text(clean), i18n.Text(body), nil
}

// validLang is a language code of the spec.
func validLang(l string) bool {
	switch l {
	case "zh_TW", "zh_CN", "en_US", "vi_VN", "ko_KR", "ja_JP", "th_TH", "hi_IN", "my_MM", "ta_IN", "bn_BD":
		return true
	}
	return false
}

// SentLetter is the operator's answer of a send.
type SentLetter struct {
	ID         int64    `json:"id"`
	To         string   `json:"to"`
	Currency   string   `json:"currency,omitempty"`
	Recipients int      `json:"recipients"`
	Unknown    []string `json:"unknown_accounts"`
}

// Send writes a resolved letter and, after the commit, tells each
// recipient (or every member of the currency at once, on member.{currency}).
func (s *Service) Send(ctx context.Context, r Recipients) (SentLetter, error) {
	out := SentLetter{To: ToAccounts, Currency: r.currency, Recipients: len(r.members), Unknown: r.Unknown}
	if out.Unknown == nil {
		out.Unknown = []string{}
	}
	if r.currency != "" {
		out.To = ToCurrency
	}
	err := s.db.Tx(ctx, func(ctx context.Context) error {
		id, err := s.store.insert(ctx, r.siteID, r.currency, r.title, r.content, len(r.members), s.now().UTC().UnixMicro())
		if err != nil {
			return err
		}
		out.ID = id
		if err := s.store.addRecipients(ctx, id, r.members); err != nil {
			return err
		}
		s.db.AfterCommit(ctx, func() {
			data := map[string]any{"action": "sent", "id": id}
			if r.currency != "" {
				s.pub.Publish("member."+r.currency, "letter", data)
				return
			}
			for _, m := range r.members {
				s.pub.PublishMember(m, "letter", data)
			}
		})
		return nil
	})
	return out, err
}

// SentView is one sent letter in the operator's list.
type SentView struct {
	ID         int64  `json:"id"`
	Title      string `json:"title"`
	Currency   string `json:"currency"`
	Recipients int64  `json:"recipients"`
	CreatedAt  string `json:"created_at"`
}

// Sent lists the site's letters, newest first.
func (s *Service) Sent(ctx context.Context, siteID, beforeID int64, limit int) (api.Page[SentView], error) {
	rows, err := s.store.sent(ctx, siteID, beforeID, limit)
	if err != nil {
		return api.Page[SentView]{}, err
	}
	list := make([]SentView, len(rows))
	for i, r := range rows {
		list[i] = SentView{ID: r.ID, Title: i18n.Pick(r.TitleI18n), Currency: r.Currency, Recipients: r.Recipients,
			CreatedAt: api.FormatTime(r.CreatedAt)}
	}
	return api.PageOf(list, limit, func(v SentView) int64 { return v.ID }), nil
}

// target names a letter in the audit log.
func Target(id int64) string { return "letter:" + strconv.FormatInt(id, 10) }
