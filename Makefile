# gamehall: `make run` starts the demo site, `make test` runs every test.
SHELL := /bin/bash
GO    ?= go
NPM   ?= npm
BIN   := bin/gamehall
VERSION := $(shell git describe --always --dirty 2>/dev/null || echo dev)
# GOFLAGS=-mod=mod lets a fresh machine fetch the pinned modules of go.sum.
export GOFLAGS := -mod=mod

.PHONY: run build web deps test test-go test-web test-e2e bench fmt vet clean

# Demo site on http://localhost:8080 with the embedded SQLite database under ./data.
run: build
	./$(BIN) serve --data-dir ./data

build: web
	$(GO) build -ldflags "-X main.version=$(VERSION)" -o $(BIN) ./cmd/gamehall

deps: web/node_modules/.installed

web/node_modules/.installed: web/package.json web/package-lock.json
	cd web && $(NPM) ci --no-audit --no-fund
	touch $@

# The front end builds into internal/web/dist, which the binary embeds.
web: deps
	cd web && $(NPM) run build

# Every test: Go with -race on SQLite (and PostgreSQL when GAMEHALL_TEST_POSTGRES
# is set; .ci/run sets it), web unit tests, end-to-end browser tests. Three test
# binaries at once on two cores: they wait on syncs and sockets a third of the
# time (9 min against 11.4 with two).
test: test-go test-web test-e2e

# The race detector instruments our code and the standard library, not the
# SQLite engine: modernc.org/sqlite is C translated to Go, and instrumenting
# its every memory access made each SQLite statement several times dearer
# (the suite's CPU time 28 min against 16) without watching any code of ours.
NORACE := -gcflags='modernc.org/...=-race=false -d=checkptr=0'
# The longest test binaries start first (go test starts packages in the order
# named), so the three slots end together instead of waiting on one of them.
SLOW_FIRST := ./internal/member ./internal/games ./internal/provider/house ./internal/admin ./internal/provider/remote

test-go:
	@if [ -z "$$GAMEHALL_TEST_POSTGRES" ]; then echo "note: GAMEHALL_TEST_POSTGRES is empty, Go tests run on SQLite only (.ci/run sets it)"; fi
	@unformatted=$$(gofmt -l cmd internal bench); if [ -n "$$unformatted" ]; then echo "gofmt needed:"; echo "$$unformatted"; exit 1; fi
	$(GO) vet ./...
	$(GO) test -p 3 -race $(NORACE) -count=1 -timeout 25m $(SLOW_FIRST) ./...

test-web: deps
	cd web && $(NPM) run typecheck && $(NPM) test

test-e2e: build
	cd e2e && $(NPM) ci --no-audit --no-fund && GAMEHALL_BIN=$(CURDIR)/$(BIN) $(NPM) test

# Figures, never assertions: load on the lobby endpoints against a bare
# handler, and the gzipped JavaScript that / loads.
bench: build
	$(GO) run ./bench/lobby
	$(GO) run ./bench/members -bin $(BIN)
	$(GO) run ./bench/engine
	$(GO) run ./bench/wallet -bin $(BIN)
	$(GO) run ./bench/realplay -bin $(BIN)
	$(GO) run ./bench/letters
	cd web && node scripts/size.mjs

fmt:
	gofmt -w cmd internal bench

clean:
	rm -rf bin internal/web/dist/assets internal/web/dist/*.html
