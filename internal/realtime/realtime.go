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
}

// Authenticator resolves a connection token; ok false means not a live token.
type Authenticator func(ctx context.Context, token string) (Identity, bool, error)

// Hub owns the centrifuge node.
type Hub struct {
	node *centrifuge.Node
	log  *slog.Logger
}

// Channel names of spec section 7.
var (
	publicChannels = map[string]bool{"web_member": true, "template": true, "bob_mobile_template": true}
	reCurrencyAPI  = regexp.MustCompile(`^web_api\.[A-Z]{3}$`)
	reMemberID     = regexp.MustCompile(`^member\.([0-9]+)$`)
	reMemberCur    = regexp.MustCompile(`^member\.([A-Z]{3})$`)
)

// New starts a node. Visitors connect anonymously and may use the public
// channels; a member's token unlocks member.{id} (theirs only) and
// member.{currency} (their currency, with presence). With a redisAddress
// ("host:port" or "redis://..."), publications and presence go through
// Redis, so members connected to any node get every event.
func New(log *slog.Logger, auth Authenticator, redisAddress string) (*Hub, error) {
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
	h := &Hub{node: node, log: log}
	node.OnConnecting(func(ctx context.Context, e centrifuge.ConnectEvent) (centrifuge.ConnectReply, error) {
		if e.Token == "" {
			return centrifuge.ConnectReply{Credentials: &centrifuge.Credentials{}}, nil
		}
		id, ok, err := auth(ctx, e.Token)
		if err != nil {
			return centrifuge.ConnectReply{}, centrifuge.ErrorInternal
		}
		if !ok {
			return centrifuge.ConnectReply{}, centrifuge.DisconnectInvalidToken
		}
		info, _ := json.Marshal(map[string]string{"currency": id.Currency})
		return centrifuge.ConnectReply{Credentials: &centrifuge.Credentials{
			UserID: strconv.FormatInt(id.MemberID, 10), Info: info}}, nil
	})
	node.OnConnect(func(c *centrifuge.Client) {
		c.OnSubscribe(func(e centrifuge.SubscribeEvent, cb centrifuge.SubscribeCallback) {
			opts, ok := Allowed(c.UserID(), currencyOf(c), e.Channel)
			if !ok {
				cb(centrifuge.SubscribeReply{}, centrifuge.ErrorPermissionDenied)
				return
			}
			cb(centrifuge.SubscribeReply{Options: opts}, nil)
		})
		c.OnPresence(func(e centrifuge.PresenceEvent, cb centrifuge.PresenceCallback) {
			if _, ok := Allowed(c.UserID(), currencyOf(c), e.Channel); !ok {
				cb(centrifuge.PresenceReply{}, centrifuge.ErrorPermissionDenied)
				return
			}
			cb(centrifuge.PresenceReply{}, nil)
		})
	})
	if redisAddress != "" {
		if err := useRedis(node, redisAddress); err != nil {
			return nil, err
		}
	}
	if err := node.Run(); err != nil {
		return nil, err
	}
	return h, nil
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

// DisconnectMember closes every connection of a member.
func (h *Hub) DisconnectMember(memberID int64) {
	_ = h.node.Disconnect(strconv.FormatInt(memberID, 10))
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

func useRedis(node *centrifuge.Node, address string) error {
	shard, err := centrifuge.NewRedisShard(node, centrifuge.RedisShardConfig{Address: address})
	if err != nil {
		return fmt.Errorf("redis shard: %w", err)
	}
	broker, err := centrifuge.NewRedisBroker(node, centrifuge.RedisBrokerConfig{Prefix: "gamehall", Shards: []*centrifuge.RedisShard{shard}})
	if err != nil {
		return fmt.Errorf("redis broker: %w", err)
	}
	presence, err := centrifuge.NewRedisPresenceManager(node, centrifuge.RedisPresenceManagerConfig{Prefix: "gamehall",
		Shards: []*centrifuge.RedisShard{shard}})
	if err != nil {
		return fmt.Errorf("redis presence: %w", err)
	}
	node.SetBroker(broker)
	node.SetPresenceManager(presence)
	return nil
}
