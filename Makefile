# A thin wrapper around the scripts (the README's two commands).
.PHONY: all run test bench clean
all:
	scripts/setup && scripts/build
run:
	scripts/run
test:
	scripts/test
bench:
	scripts/setup && scripts/build && bench/run
clean:
	rm -rf build build-san build-bench
