// SPDX-License-Identifier: MIT
// Devnet-only price feed, written for this project. Not audited: never deploy anywhere but a local chain.
pragma solidity ^0.8.24;

/// The read side of a Chainlink AggregatorV3 (decimals, description, latestRoundData), plus setters
/// anyone may call, so tests can move a price, age it, or leave a round incomplete.
contract TestAggregator {
    uint8 public immutable decimals;
    string public description;

    uint80 private roundId;
    int256 private answer;
    uint256 private startedAt;
    uint256 private updatedAt;
    uint80 private answeredInRound;

    event AnswerUpdated(int256 indexed current, uint256 indexed roundId, uint256 updatedAt);

    constructor(uint8 decimals_, string memory description_, int256 answer_) {
        decimals = decimals_;
        description = description_;
        _set(1, answer_, block.timestamp, block.timestamp, 1);
    }

    function version() external pure returns (uint256) {
        return 4;
    }

    function latestRoundData() external view returns (uint80, int256, uint256, uint256, uint80) {
        return (roundId, answer, startedAt, updatedAt, answeredInRound);
    }

    /// A new complete round with this answer, updated at `updatedAt_` (unix seconds; in the past to make it stale).
    function setAnswer(int256 answer_, uint256 updatedAt_) external {
        _set(roundId + 1, answer_, updatedAt_, updatedAt_, roundId + 1);
    }

    /// Any round at all, incomplete ones included (answeredInRound < roundId, updatedAt 0).
    function setRoundData(uint80 roundId_, int256 answer_, uint256 startedAt_, uint256 updatedAt_, uint80 answeredInRound_) external {
        _set(roundId_, answer_, startedAt_, updatedAt_, answeredInRound_);
    }

    function _set(uint80 roundId_, int256 answer_, uint256 startedAt_, uint256 updatedAt_, uint80 answeredInRound_) private {
        roundId = roundId_;
        answer = answer_;
        startedAt = startedAt_;
        updatedAt = updatedAt_;
        answeredInRound = answeredInRound_;
        emit AnswerUpdated(answer_, roundId_, updatedAt_);
    }
}
