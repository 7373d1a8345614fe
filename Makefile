# Everything runs in .venv; `make dev` creates it.
PY ?= .venv/bin/python
export HF_HUB_OFFLINE = 1

.PHONY: dev lint type test test-fast qa bench-bf16 train-data train-model train-model-gpu swap-candidate roles-candidate twins-candidate eval-model decision bench bench-serving test-llm test-browser report-screenshot

dev:
	python3 -m venv .venv
	$(PY) -m pip install "torch==2.13.0"
	$(PY) -m pip install -e ".[dev,train]"
	$(PY) post_install.py

lint:
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .

type:
	$(PY) -m pyright

test:
	$(PY) -m pytest -q

# The fast loop (docs/development.md): every test under five seconds, no subprocess or server.
test-fast:
	$(PY) -m pytest -q -m "not slow and not llm and not browser"

qa: lint type test

# The training data: the answer sets of ../shared/data/train/answers (Factcheck-GPT, ExpertQA, BUMP;
# every training pair) replayed with at most 2,500 pairs of each of MultiNLI, SNLI, counterfactual
# SNLI and ConjNLI from ../shared/data/train. VitaminC only where an earlier run cached it in
# build/cache (the package index no longer serves bigbench 1.0.0; model card). ~1 min.
train-data:
	$(PY) -m training.data --out build/data --cache build/cache --shared ../shared/data/train --replay 2500

# The answers candidate (model card, "0.5.0 candidate: answers"): warm-started from the bundled 0.3.0
# weights (which keep what VitaminC taught), one epoch of the mix above (~450 steps of 32, fp32,
# max length 256; ~15 min on 2 quiet cores, resumable), calibrated on its dev split, then 0.3.0 and
# it side by side on every evaluation set and the answer sets' held-out test parts (~40 min). It is
# written to build/candidate-answers, not over the bundled model.
train-model: train-data
	$(PY) -m training.train --data build/data --out build/run-answers --init validator/models/provenance-nli-minilm-l6 --epochs 1 --lr 2e-5 --max-length 256 --checkpoint-every 100 --resume
	$(PY) -m training.calibrate --checkpoint build/run-answers/checkpoint --data build/data --out build/candidate-answers
	$(PY) -m training.evaluate --data build/data --model build/candidate-answers --old 0.3.0 --per-set 150 --out build/eval-answers.json

# The answers recipe on a CUDA GPU: every training pair (answer sets and public pair sets uncapped),
# 30% of the passage-level ones copied among other pages' premises, three seeds from the bundled 0.3.0
# weights side by side on one device (two epochs, at most 6,000 steps each; resumable), a greedy soup
# of the three on dev, calibrated on the CPU, written to build/candidate-gpu (not over the bundled model).
train-model-gpu:
	$(PY) -m training.data --out build/data-gpu --cache build/cache --shared ../shared/data/train --uncapped --in-context-rate 0.3
	pids=""; for seed in 13 14 15; do \
	  $(PY) -m training.train --data build/data-gpu --out build/run-gpu-$$seed --init validator/models/provenance-nli-minilm-l6 --epochs 2 \
	    --max-steps 6000 --lr 3e-5 --max-length 256 --seed $$seed --checkpoint-every 1000 --resume & pids="$$pids $$!"; \
	done; for pid in $$pids; do wait $$pid || exit 1; done
	$(PY) -m training.soup --models build/run-gpu-13/checkpoint build/run-gpu-14/checkpoint build/run-gpu-15/checkpoint --data build/data-gpu --out build/soup-gpu
	$(PY) -m training.calibrate --checkpoint build/soup-gpu --data build/data --out build/candidate-gpu

# The swap recipe (issue 20; model card): training/swaps.py's pairs plus 27,000 of the 0.3.0 mix,
# warm-started from 0.3.0, max length 256, one epoch of 1,431 steps (resumable: the same target
# again continues from the last checkpoint); then 0.3.0 and it side by side (~50 min of training
# on 2 quiet cores, ~16 min of evaluation).
swap-candidate: train-data
	$(PY) -m training.swaps --base build/data --out build/data-swaps --cache build/cache
	$(PY) -m training.previous 0.3.0
	$(PY) -m training.train --data build/data-swaps --out build/run-swaps --init build/model-0.3.0 --epochs 1 --lr 2e-5 --max-length 256 --seed 15 --checkpoint-every 300 --resume
	$(PY) -m training.calibrate --checkpoint build/run-swaps/checkpoint --data build/data-swaps --out build/candidate-swaps
	$(PY) -m training.evaluate --data build/data --model build/candidate-swaps --old 0.3.0 --out build/eval-swaps.json
	$(PY) benchmarks/bench_swaps.py --model build/candidate-swaps

# The roles-and-directions candidate (issue 77; model card): training/roles.py's minimal pairs (a
# direction word made its opposite, two parties of a clause swapped, a hedge made certain, "some"
# made "all", a number of another thing of the premise), each beside its unedited twin, mined from
# the training split's own premises, plus the whole mix above; warm-started from the bundled
# weights, max length 256, stopped at step 400 of 671 (~35 min on 2 CPU cores shared), calibrated
# on its dev split, then the bundled model and it side by side. Written to build/candidate-roles.
roles-candidate: train-data
	$(PY) -m training.roles --base build/data --out build/data-roles
	$(PY) -m training.train --data build/data-roles --out build/run-roles --init validator/models/provenance-nli-minilm-l6 --epochs 1 --lr 2e-5 --max-length 256 --checkpoint-every 100 --max-steps 400 --resume
	$(PY) -m training.calibrate --checkpoint build/run-roles/checkpoint --data build/data-roles --out build/candidate-roles
	$(PY) -m training.evaluate --data build/data --model build/candidate-roles --old 0.3.0 --per-set 100 --out build/eval-roles.json

# Release 0.2.0 and the bundled model side by side on every evaluation set (~30 min on 2 CPU cores).
eval-model:
	test -f build/data/test.jsonl || $(MAKE) train-data
	$(PY) -m training.evaluate --data build/data

# A learned decision over the signals, tried and not shipped (model card): every sentence's signals
# on the labelled answers of 17 sets (18 where VitaminC is cached) with the bundled model (~35 min
# on 2 CPU cores; resumable per set), then a logistic regression over them (build/decision/decision.json) and its
# leave-one-domain-out table beside the validator's rules (build/decision/lodo.json).
decision:
	test -f build/data/dev.jsonl || $(MAKE) train-data
	PYTHONPATH=. $(PY) -m training.decision collect --per-set 250
	PYTHONPATH=. $(PY) -m training.decision fit
	PYTHONPATH=. $(PY) -m training.decision precision --per-set 250

bench:
	$(PY) benchmarks/bench_speed.py

bench-bf16:
	test -f build/data/train.jsonl || $(MAKE) train-data
	PYTHONPATH=. $(PY) benchmarks/bench_bf16.py --data build/data

bench-serving:
	$(PY) benchmarks/bench_serving.py

# A real local LLM as the judge (llama-cpp-python serving Gemma 3 270M on loopback). Building
# llama.cpp takes ~4-5 min on 2 cores the first time; GGML_NATIVE=OFF makes a wheel that runs on
# any x86-64 with AVX2 (a native build died with "Illegal instruction" here).
test-llm:
	CMAKE_ARGS="-DGGML_NATIVE=OFF" $(PY) -m pip install -q -e ".[llm]"
	$(PY) -m pytest -q -m llm

# The HTML reports in headless Chromium (Debian's chromium; needs root for apt-get).
test-browser:
	command -v chromium >/dev/null || apt-get install -y -q chromium
	$(PY) -m pip install -q -e ".[browser]"
	$(PY) -m pytest -q -m browser

# Remake docs/report.png, the README's screenshot of the example report.
report-screenshot:
	$(PY) scripts/report_screenshot.py

# The reworded-twins candidate (issue 88; model card): training/twins.py's minimal pairs, each edit
# (a WordNet antonym, two parties exchanged, a passive and its swap, a negation, a hedge stated as
# fact, "some" made "all", a number of another thing) made to a claim that is already reworded and
# entailed, with that claim kept beside it, the answer sets' passage claims first and half the rest
# set among other pages' premises; 1,800 HANS-style pairs; the whole mix above replayed.
# Warm-started from the bundled weights, one whole epoch (~800 steps of 32, max length 256; ~50 min
# on 2 cores, resumable), calibrated on the answer sets' dev parts, then judged against the bundled
# model by issue 88's ship rule (training.evaluate --against), the new-user sets and the minimal
# pairs. TWINS names the run's folders; TWINS_FLAGS passes training.twins options (--drop KIND for
# the ablation).
TWINS ?= twins
TWINS_FLAGS ?=
twins-candidate: train-data
	$(PY) -m training.data --out build/data-all --cache build/cache --shared ../shared/data/train --uncapped
	$(PY) -m training.twins --base build/data --claims build/data-all --out build/data-$(TWINS) $(TWINS_FLAGS)
	$(PY) -m training.train --data build/data-$(TWINS) --out build/run-$(TWINS) --init validator/models/provenance-nli-minilm-l6 --epochs 1 --lr 2e-5 --max-length 256 --checkpoint-every 100 --resume
	$(PY) -m training.calibrate --checkpoint build/run-$(TWINS)/checkpoint --data build/data-$(TWINS) --out build/candidate-$(TWINS) --origins factcheck_gpt expertqa bump
	$(PY) -m training.evaluate --data build/data --model build/candidate-$(TWINS) --against validator/models/provenance-nli-minilm-l6 --per-set 300 --out build/eval-$(TWINS).json
	PYTHONPATH=. $(PY) benchmarks/bench_new_user.py --model build/candidate-$(TWINS) --out build/new-user-$(TWINS).json
	PYTHONPATH=. $(PY) benchmarks/bench_minimal_pairs.py --model build/candidate-$(TWINS) --out build/minimal-pairs-$(TWINS).json
