# Galley — the two commands a new user needs are `make demo` and `make test`;
# each installs missing Debian packages first (scripts/install-deps).
SHELL := /bin/bash
SWIFT ?= swift
export PATH := /opt/swift/usr/bin:$(PATH)
SWIFT_FLAGS ?= -Xswiftc -warnings-as-errors
RELEASE_BIN = .build/release/galley
DEBUG_BIN = .build/debug/galley

FUZZ_RUNS ?= 1000000
FUZZ_SECONDS ?= 10800

.PHONY: all deps test-deps build release demo test test-scale bench docs reference tsan fuzz clean

all: build

deps:
	@scripts/install-deps

test-deps:
	@scripts/install-deps --test

build: deps
	$(SWIFT) build $(SWIFT_FLAGS)

## Release builds link the Swift runtime and Foundation statically (--static-swift-stdlib): a cold
## `galley render` then loads no Swift shared library (docs/architecture.md, "Start-up"). Built by
## product (galley, and report-example for `make demo`): GalleyTestSupport's Testing has no static build.
RELEASE_FLAGS = -c release --static-swift-stdlib $(SWIFT_FLAGS)

release: deps
	$(SWIFT) build $(RELEASE_FLAGS) --product galley
	$(SWIFT) build $(RELEASE_FLAGS) --product report-example

## Renders every example template in Templates/ into out/, and the Swift examples
## (Examples/Report, the GalleyReport DSL report) into out/examples/.
demo: release
	@scripts/demo $(RELEASE_BIN)

## Checks the code style, then builds and runs every test, then fuzzes each fuzz target for 20 s from
## its seeds alone, with a fixed libFuzzer seed (scripts/fuzz --short; the fuzz build is in .build/fuzz).
test: test-deps lint
	$(SWIFT) build --build-tests $(SWIFT_FLAGS)
	$(SWIFT) test --skip-build --disable-xctest
	@scripts/fuzz --short

## Coverage-guided fuzzing (docs/security.md, "Fuzzing"): libFuzzer and AddressSanitizer in their own build
## (.build/fuzz); each target (templates, data, images, svg) runs until FUZZ_RUNS inputs (default 1,000,000)
## or FUZZ_SECONDS (default 3 hours), then the executions of each are printed. Fails on any crash, sanitizer
## report, leak or input slower than 1 s; the input is in .build/fuzz/artifacts/TARGET/.
fuzz: test-deps
	@scripts/fuzz --runs $(FUZZ_RUNS) --seconds $(FUZZ_SECONDS)

## docs/scale-out.md's Slurm job array on a one-node Slurm cluster started for the test (munged,
## slurmctld and slurmd on localhost, in a temporary folder): 4 shards over 1,000 W1 invoices, one
## cancelled and resubmitted. About two minutes, so not part of `make test`; `.ci/run` runs both.
test-scale: test-deps
	$(SWIFT) build --build-tests $(SWIFT_FLAGS)
	GALLEY_SCALE_TESTS=1 $(SWIFT) test --skip-build --disable-xctest --filter SlurmArrayTests

## The style check of ../shared/STYLE.md: swift-format with the checked-in .swift-format.
lint:
	$(SWIFT) format lint --strict --recursive Sources Tests Examples Package.swift

## Rewrites the sources in the checked-in style.
format:
	$(SWIFT) format format --in-place --recursive Sources Tests Examples Package.swift

## Release-build benchmarks on fixed workloads; writes bench/results.json.
bench: release
	@scripts/bench

## Regenerates Templates/galley.schema.json and docs/reference.md from the property table
## (Sources/GalleyTemplates/Schema/Properties+*.swift); `make test` fails while they are stale.
reference: deps
	$(SWIFT) build --build-tests $(SWIFT_FLAGS)
	GALLEY_RECORD=1 $(SWIFT) test --skip-build --disable-xctest --filter PropertyTableTests

## Builds the DocC catalog of every library target into .build/docs/, failing on any docc
## warning (not part of `make test`).
docs: deps
	@scripts/docs

clean:
	rm -rf .build out

## The concurrency tests under ThreadSanitizer (own build folder; not part of `make test`).
tsan: test-deps
	$(SWIFT) test --sanitize=thread --scratch-path .build/tsan --disable-xctest --filter "ConcurrencyTests|ConcurrentDisplayTests|RasterCacheTests|ConcurrentRender"
