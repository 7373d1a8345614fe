# Everything runs in .venv; `make dev` creates it.
PY ?= .venv/bin/python
export HF_HUB_OFFLINE = 1

.PHONY: dev lint type test qa train-data train-model eval-model bench bench-serving

dev:
	python3 -m venv .venv
	$(PY) -m pip install -e ".[dev,train]"
	$(PY) post_install.py

lint:
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .

type:
	$(PY) -m pyright

test:
	$(PY) -m pytest -q

qa: lint type test

# The bundled model: VitaminC from the bigbench sdist (+ synthetic contradictions from
# WordNet: `apt-get install wordnet-base`), ~90 min on 2 CPU cores, resumable.
train-data:
	$(PY) -m training.data --out build/data --cache build/cache

train-model: train-data
	$(PY) -m training.train --data build/data --out build/run --epochs 2
	$(PY) -m training.calibrate --checkpoint build/run/checkpoint --data build/data

eval-model:
	test -f build/data/test.jsonl || $(PY) -m training.data --out build/data --cache build/cache
	$(PY) -m training.evaluate --data build/data

bench:
	$(PY) benchmarks/bench_speed.py

bench-serving:
	$(PY) benchmarks/bench_serving.py
