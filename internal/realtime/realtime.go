// Package realtime runs the centrifuge node behind /connection/websocket:
// who may subscribe to which channel, and the Publisher every domain uses.
package realtime

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/centrifugal/centrifuge"
)

// Identity is a member behind a connection token.
type Identity struct {
	MemberID int64
	Currency string
	// SessionID is the member session the token belongs to: the connection
	// lives and dies with it.
	SessionID int64
	// Until is when the session ends unless something renews it (its idle
	// limit); the connection re-checks the session by then at the latest.
	Until time.Time
}

// Sessions is what the hub asks of member sessions.
type Sessions interface {
	// Connect resolves a connection token; ok false means not a live token.
	// It must not rotate or touch the token.
	Connect(ctx context.Context, token string) (id Identity, ok bool, err error)
	// Recheck reports whether a session is still live, and until when at
	// least (its idle limit).
	Recheck(ctx context.Context, sessionID int64) (until time.Time, ok bool, err error)
}

// Options configure the hub.
type Options struct {
	// RedisAddress ("host:port" or "redis://..."), when set, carries
	// publications, presence and disconnects between nodes.
	RedisAddress string
	// RedisPrefix separates deployments sharing one Redis ("gamehall" by default).
	RedisPrefix string
	// Recheck bounds how long a member connection goes without checking its
	// session is still live (DefaultRecheck when zero).
	Recheck time.Duration
}

// DefaultRecheck is how often, at most, a member connection re-checks its
// session: the bound on a dead token's connection when a disconnect message
// is lost.
const DefaultRecheck = 5 * time.Minute

// Disconnects a member connection ends with (centrifuge's custom terminal
// range 4500-4999: the client does not reconnect with the same token).
var (
	// DisconnectSessionEnded: logout, a password change or reset.
	DisconnectSessionEnded = centrifuge.Disconnect{Code: 4501, Reason: "session ended"}
	// DisconnectReplaced: the member logged in elsewhere.
	DisconnectReplaced = centrifuge.Disconnect{Code: 4502, Reason: "logged in elsewhere"}
)

// opEndSessions is the node notification that closes session connections.
const opEndSessions = "end_sessions"

// endSessions names connections to close: those of Session, or with Except
// every connection of the member but Session's.
type endSessions struct {
	Member   int64 `json:"m"`
	Session  int64 `json:"s"`
	Except   bool  `json:"x,omitempty"`
	Replaced bool  `json:"r,omitempty"`
}

// Hub owns the centrifuge node.
type Hub struct {
	node     *centrifuge.Node
	log      *slog.Logger
	sessions Sessions
	recheck  time.Duration
}

type identityKey struct{}

// Channel names of spec section 7.
var (
	publicChannels = map[string]bool{"web_member": true, "template": true, "bob_mobile_template": true}
	reCurrencyAPI  = regexp.MustCompile(`^web_api\.[A-Z]{3}$`)
	reMemberID     = regexp.MustCompile(`^member\.([0-9]+)$`)
	reMemberCur    = regexp.MustCompile(`^member\.([A-Z]{3})$`)
)

// New starts a node. Visitors connect anonymously and may use the public
// channels; a member's token unlocks member.{id} (theirs only) and
// member.{currency} (their currency, with presence). A member connection
// belongs to the token's session: it is closed when the session ends
// (EndSession, EndOtherSessions) and re-checks the session at least every
// Options.Recheck, so a dead token cannot stay subscribed even when a
// disconnect message is lost. With a Redis address, publications, presence
// and disconnects go through Redis, so every node sees them.
func New(log *slog.Logger, sessions Sessions, o Options) (*Hub, error) {
	node, err := centrifuge.New(centrifuge.Config{
		LogLevel:   centrifuge.LogLevelWarn,
		LogHandler: func(e centrifuge.LogEntry) { log.Warn("realtime: "+e.Message, "fields", e.Fields) },
		// Idle members on one node are many and quiet: keep the per-client
		// footprint small.
		ClientQueueMaxSize: 64 << 10,
	})
	if err != nil {
		return nil, err
	}
	if o.Recheck <= 0 {
		o.Recheck = DefaultRecheck
	}
	h := &Hub{node: node, log: log, sessions: sessions, recheck: o.Recheck}
	node.OnConnecting(func(ctx context.Context, e centrifuge.ConnectEvent) (centrifuge.ConnectReply, error) {
		if e.Token == "" {
			return centrifuge.ConnectReply{Credentials: &centrifuge.Credentials{}}, nil
		}
		id, ok, err := sessions.Connect(ctx, e.Token)
		if err != nil {
			log.Warn("realtime: connect check failed", "err", err)
			return centrifuge.ConnectReply{}, centrifuge.ErrorInternal
		}
		if !ok {
			return centrifuge.ConnectReply{}, centrifuge.DisconnectInvalidToken
		}
		info, _ := json.Marshal(map[string]string{"currency": id.Currency})
		return centrifuge.ConnectReply{
			Context: context.WithValue(ctx, identityKey{}, id),
			Credentials: &centrifuge.Credentials{UserID: strconv.FormatInt(id.MemberID, 10), Info: info,
				ExpireAt: h.expireAt(id.Until)},
		}, nil
	})
	node.OnConnect(func(c *centrifuge.Client) {
		if id, ok := identityOf(c); ok {
			c.OnRefresh(func(_ centrifuge.RefreshEvent, cb centrifuge.RefreshCallback) {
				cb(h.refresh(id), nil)
			})
		}
		c.OnSubscribe(func(e centrifuge.SubscribeEvent, cb centrifuge.SubscribeCallback) {
			opts, ok := Allowed(c.UserID(), currencyOf(c), e.Channel)
			if !ok {
				cb(centrifuge.SubscribeReply{}, centrifuge.ErrorPermissionDenied)
				return
			}
			cb(centrifuge.SubscribeReply{Options: opts}, nil)
		})
		// Who is online is other members' data: a client may count the
		// members on its presence channel, never list them.
		c.OnPresence(func(_ centrifuge.PresenceEvent, cb centrifuge.PresenceCallback) {
			cb(centrifuge.PresenceReply{}, centrifuge.ErrorPermissionDenied)
		})
		c.OnPresenceStats(func(e centrifuge.PresenceStatsEvent, cb centrifuge.PresenceStatsCallback) {
			if _, ok := Allowed(c.UserID(), currencyOf(c), e.Channel); !ok {
				cb(centrifuge.PresenceStatsReply{}, centrifuge.ErrorPermissionDenied)
				return
			}
			cb(centrifuge.PresenceStatsReply{}, nil)
		})
	})
	node.OnNotification(h.onNotification)
	if o.RedisAddress != "" {
		prefix := o.RedisPrefix
		if prefix == "" {
			prefix = "gamehall"
		}
		if err := useRedis(node, o.RedisAddress, prefix); err != nil {
			return nil, err
		}
	}
	if err := node.Run(); err != nil {
		return nil, err
	}
	return h, nil
}

// expireAt is the unix second by which a connection of a session live
// until until must re-check it: never later than one recheck from now.
func (h *Hub) expireAt(until time.Time) int64 {
	now := time.Now()
	at := now.Add(h.recheck)
	if !until.IsZero() && until.Before(at) {
		at = until
	}
	// Whole seconds, rounded up, at least one second ahead.
	sec := at.Unix()
	if at.After(time.Unix(sec, 0)) {
		sec++
	}
	return max(sec, now.Unix()+1)
}

// refresh re-checks a connection's session when its expiry comes.
func (h *Hub) refresh(id Identity) centrifuge.RefreshReply {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	until, live, err := h.sessions.Recheck(ctx, id.SessionID)
	if err != nil {
		// A database hiccup must not drop every member at once: try again soon.
		h.log.Warn("realtime: session recheck failed", "err", err)
		return centrifuge.RefreshReply{ExpireAt: h.expireAt(time.Now().Add(min(h.recheck, 30*time.Second)))}
	}
	if !live {
		return centrifuge.RefreshReply{Expired: true}
	}
	return centrifuge.RefreshReply{ExpireAt: h.expireAt(until)}
}

func identityOf(c *centrifuge.Client) (Identity, bool) {
	id, ok := c.Context().Value(identityKey{}).(Identity)
	return id, ok
}

func currencyOf(c *centrifuge.Client) string {
	var info struct {
		Currency string `json:"currency"`
	}
	_ = json.Unmarshal(c.Info(), &info)
	return info.Currency
}

// Allowed decides a subscription: public channels for everyone; member.{id}
// only for that member; member.{currency} for members of that currency,
// with presence.
func Allowed(userID, currency, channel string) (centrifuge.SubscribeOptions, bool) {
	switch {
	case publicChannels[channel], reCurrencyAPI.MatchString(channel):
		return centrifuge.SubscribeOptions{}, true
	case reMemberID.MatchString(channel):
		id := reMemberID.FindStringSubmatch(channel)[1]
		return centrifuge.SubscribeOptions{}, userID != "" && userID == id
	case reMemberCur.MatchString(channel):
		cur := reMemberCur.FindStringSubmatch(channel)[1]
		return centrifuge.SubscribeOptions{EmitPresence: true}, userID != "" && strings.EqualFold(cur, currency)
	}
	return centrifuge.SubscribeOptions{}, false
}

// Event is what every channel carries: a small signal the client reacts to.
type Event struct {
	Event string         `json:"event"`
	Data  map[string]any `json:"data,omitempty"`
}

// Publish sends an event to a channel.
func (h *Hub) Publish(channel, event string, data map[string]any) {
	body, _ := json.Marshal(Event{Event: event, Data: data})
	if _, err := h.node.Publish(channel, body); err != nil {
		h.log.Warn("realtime publish failed", "channel", channel, "event", event, "err", err)
	}
}

// PublishMember sends an event to member.{id}.
func (h *Hub) PublishMember(memberID int64, event string, data map[string]any) {
	h.Publish("member."+strconv.FormatInt(memberID, 10), event, data)
}

// EndSession closes the connections of one member session, on every node.
func (h *Hub) EndSession(memberID, sessionID int64) {
	h.notify(endSessions{Member: memberID, Session: sessionID})
}

// EndOtherSessions closes every connection of the member, on every node,
// except those of session keep (0 keeps none). replaced says a new login
// ended them (DisconnectReplaced), else DisconnectSessionEnded.
func (h *Hub) EndOtherSessions(memberID, keep int64, replaced bool) {
	h.notify(endSessions{Member: memberID, Session: keep, Except: true, Replaced: replaced})
}

// notify runs the disconnect on this node at once and sends it to the
// others through the broker's control channel.
func (h *Hub) notify(e endSessions) {
	body, _ := json.Marshal(e)
	if err := h.node.Notify(opEndSessions, body, ""); err != nil {
		h.log.Warn("realtime: end sessions failed", "member", e.Member, "err", err)
	}
}

func (h *Hub) onNotification(e centrifuge.NotificationEvent) {
	if e.Op != opEndSessions {
		return
	}
	var m endSessions
	if err := json.Unmarshal(e.Data, &m); err != nil || m.Member == 0 {
		return
	}
	d := DisconnectSessionEnded
	if m.Replaced {
		d = DisconnectReplaced
	}
	for _, c := range h.node.Hub().UserConnections(strconv.FormatInt(m.Member, 10)) {
		id, _ := identityOf(c)
		if (id.SessionID == m.Session) != m.Except {
			c.Disconnect(d)
		}
	}
}

// Handler is the websocket endpoint. Server read and write deadlines are
// cleared first: a websocket outlives any request timeout and the transport
// keeps its own.
func (h *Hub) Handler() http.Handler {
	ws := centrifuge.NewWebsocketHandler(h.node, centrifuge.WebsocketConfig{
		ReadBufferSize: 1024, WriteBufferSize: 1024, UseWriteBufferPool: true,
	})
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rc := http.NewResponseController(w)
		_ = rc.SetReadDeadline(time.Time{})
		_ = rc.SetWriteDeadline(time.Time{})
		ws.ServeHTTP(w, r)
	})
}

// Clients is the number of connections on this node.
func (h *Hub) Clients() int { return h.node.Hub().NumClients() }

// Shutdown stops the node.
func (h *Hub) Shutdown(ctx context.Context) error { return h.node.Shutdown(ctx) }

func useRedis(node *centrifuge.Node, address, prefix string) error {
	shard, err := centrifuge.NewRedisShard(node, centrifuge.RedisShardConfig{Address: address})
	if err != nil {
		return fmt.Errorf("redis shard: %w", err)
	}
	broker, err := centrifuge.NewRedisBroker(node, centrifuge.RedisBrokerConfig{Prefix: prefix, Shards: []*centrifuge.RedisShard{shard}})
	if err != nil {
		return fmt.Errorf("redis broker: %w", err)
	}
	presence, err := centrifuge.NewRedisPresenceManager(node, centrifuge.RedisPresenceManagerConfig{Prefix: prefix,
		Shards: []*centrifuge.RedisShard{shard}})
	if err != nil {
		return fmt.Errorf("redis presence: %w", err)
	}
	node.SetBroker(broker)
	node.SetPresenceManager(presence)
	return nil
}
